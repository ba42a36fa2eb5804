import { describe, expect, it } from "vitest";
import { liveHtml } from "./html-report-safety";

describe("liveHtml", () => {
  const cases: { name: string; html: string; want: number }[] = [
    {
      name: "plain markup",
      html: `<p class="x">a</p><svg viewBox="0 0 1 1"><path d="M0 0"/></svg>`,
      want: 0,
    },
    { name: "escaped tags are text", html: "&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;", want: 0 },
    {
      name: "same-document anchor and marker",
      html: `<a href="#findings">x</a><path marker-end="url(#a)"/>`,
      want: 0,
    },
    { name: "script", html: "<script>alert(1)</script>", want: 1 },
    { name: "stylesheet link", html: `<link rel="stylesheet" href="https://cdn.example/x.css">`, want: 2 },
    { name: "image from the web", html: `<img src="https://x.example/a.png">`, want: 2 },
    { name: "link to the web", html: `<a href="https://kubernetes.io">k</a>`, want: 1 },
    { name: "protocol-relative", html: `<a href='//x.example'>k</a>`, want: 1 },
    { name: "event handler", html: `<svg onload="alert(1)"></svg>`, want: 1 },
    {
      name: "css url and import",
      html: `<style>@import "x.css"; p { background: url(https://x) }</style>`,
      want: 2,
    },
    { name: "svg use of another file", html: `<use xlink:href="other.svg#a"/>`, want: 2 },
  ];
  it.each(cases)("$name", ({ html, want }) => {
    expect(liveHtml(html)).toHaveLength(want);
  });
});
