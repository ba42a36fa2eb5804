import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CommandText } from "./command-text";

const render = (command: string) => renderToStaticMarkup(createElement(CommandText, { command }));
const words = (html: string) =>
  [...html.matchAll(/<span class="whitespace-nowrap">(.*?)<\/span>(?=\s|<\/bdi>)/g)].map((match) => match[1]);

describe("CommandText", () => {
  it("keeps each word whole: a line breaks only at the spaces between them", () => {
    const html = render("kubeadm init phase certs apiserver --cert-dir=/etc/kubernetes/pki");
    expect(words(html)).toEqual([
      "kubeadm",
      "init",
      "phase",
      "certs",
      "apiserver",
      "--cert-dir=/etc/kubernetes/pki",
    ]);
    expect(html.startsWith('<bdi dir="ltr">')).toBe(true);
    expect(html.replace(/<[^>]+>/g, "")).toBe(
      "kubeadm init phase certs apiserver --cert-dir=/etc/kubernetes/pki",
    );
  });

  it("shows a hidden character of the input as a chip inside its word, and escapes markup", () => {
    const html = render("cat /etc/<x>\u202Ep.crt");
    expect(html).not.toContain("\u202E");
    expect(html).toContain("&lt;x&gt;");
    expect(html).toContain('class="hidden-char"');
  });
});
