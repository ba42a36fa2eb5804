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
      want: "curl -fsSLO &lt;this site&gt;/k8s-pki-collect.sh &amp;&amp; sudo sh k8s-pki-collect.sh --public-keys-only</code>",
    },
    { name: "the copy button", want: 'aria-label="Copy the collector command"' },
    {
      name: "why --public-keys-only",
      want: "the archive then holds no private key, and pairing is checked on the public halves",
    },
    { name: "the script to read", want: 'href="/k8s-pki-collect.sh"' },
  ])("shows $name", ({ want }) => {
    expect(html).toContain(want);
  });
});
