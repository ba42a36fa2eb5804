import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CollectorPanel } from "./collector-panel";

describe("CollectorPanel, as the static export renders it", () => {
  const html = renderToStaticMarkup(createElement(CollectorPanel));
  it.each([
    {
      name: "its heading",
      want: '<h3 id="collector-heading" class="text-sm font-semibold">Collect from a node</h3>',
    },
    {
      name: "the one-liner without an address yet (the page's own is known only in the browser)",
      want: "curl -fsSLO &lt;this site&gt;/k8s-pki-collect.sh &amp;&amp; sudo sh k8s-pki-collect.sh --public-keys-only",
      text: true,
    },
    { name: "the option kept whole", want: '<span class="whitespace-nowrap">--public-keys-only</span>' },
    { name: "the one-line offer", want: 'data-collector-offer="one-line"' },
    {
      name: "the command as a focusable scroll region that wraps only between words",
      want: 'data-command-box="true" data-testid="collector-command" tabindex="0" aria-label="the collector command"',
    },
    { name: "the copy button", want: 'aria-label="Copy the collector command"' },
    {
      name: "why --public-keys-only",
      want: "the archive then holds no private key, and pairing is checked on the public halves",
    },
    { name: "the script to read", want: 'href="/k8s-pki-collect.sh"' },
  ])("shows $name", ({ want, text }) => {
    // `text`: what the command box reads as, once its word spans are set aside.
    expect(text ? html.replace(/<\/?(?:span|bdi)[^>]*>/g, "") : html).toContain(want);
  });

  it("offers no copy-the-script steps where the one-liner works", () => {
    expect(html).not.toContain("data-collector-step");
    expect(html).not.toContain("npx");
  });
});
