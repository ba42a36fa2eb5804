import { describe, expect, it } from "vitest";
import { escapeXml, estimateWidth, fitWidth, paint, PALETTE_NAMES, type Palette } from "./svg-text";

const palette = Object.fromEntries(
  PALETTE_NAMES.map((name, index) => [name, `#0000${index.toString(16).padStart(2, "0")}`]),
) as Palette;

describe("escapeXml", () => {
  it.each([
    {
      name: "markup",
      input: `<script>alert("x")</script> & 'y'`,
      want: "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;",
    },
    { name: "a bidi override is shown, not obeyed", input: "evil\u202Etxt.crt", want: "evil\\u202Etxt.crt" },
    { name: "a newline cannot start a new line of the file", input: "a\nb", want: "a\\nb" },
    { name: "plain text stays", input: "https://10.0.0.10:6443", want: "https://10.0.0.10:6443" },
  ])("$name", ({ input, want }) => {
    expect(escapeXml(input)).toBe(want);
  });
});

describe("fitWidth", () => {
  it("keeps text that fits", () => {
    expect(fitWidth("cp-1", 100, 12)).toBe("cp-1");
  });

  it("cuts long text with an ellipsis to the width", () => {
    const cut = fitWidth("x".repeat(500), 200, 12);
    expect(cut.endsWith("…")).toBe(true);
    expect(estimateWidth(cut, 12)).toBeLessThanOrEqual(200);
  });

  it("never splits a character made of two UTF-16 units", () => {
    const cut = fitWidth("🔐".repeat(100), 60, 12);
    expect([...cut].every((character) => character === "🔐" || character === "…")).toBe(true);
  });
});

describe("paint", () => {
  it("resolves the palette's variables and leaves others", () => {
    expect(paint("var(--color-ok)", palette)).toBe(palette.ok);
    expect(paint("url(#x) var(--color-error-soft)", palette)).toBe(`url(#x) ${palette["error-soft"]}`);
    expect(paint("var(--color-nothing)", palette)).toBe("var(--color-nothing)");
  });
});
