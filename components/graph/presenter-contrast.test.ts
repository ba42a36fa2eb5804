/**
 * Presenter mode's palette meets WCAG AA on a projector: the graph's status colours, lines and box
 * borders keep 3:1 against the graph's surface (graphics, WCAG 1.4.11), its text 4.5:1 (1.4.3), in
 * light and in dark. The colours are read from app/globals.css as the page resolves them: the theme's
 * `light-dark()` pairs, then presenter mode's overrides, then those of the graph in presenter mode.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(join(__dirname, "..", "..", "app", "globals.css"), "utf8");

/** `--name: light-dark(#light, #dark)` declarations of one CSS block, later ones winning. */
function pairsIn(block: string): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const match of block.matchAll(/(--color-[\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/gi))
    if (match[1] && match[2] && match[3]) out.set(match[1], [match[2], match[3]]);
  return out;
}

/** The bodies of every block whose selector is exactly `selector`. */
function blocks(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...css.matchAll(new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`, "g"))]
    .map((match) => match[1] ?? "")
    .join("\n");
}

const theme = pairsIn(blocks("@theme inline"));
const presenter = new Map([
  ...theme,
  ...pairsIn(blocks(':root[data-presenter="on"]')),
  ...pairsIn(blocks(':root[data-presenter="on"] [data-testid="topology-graph"]')),
]);

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const GRAPHICS = [
  "--color-ok",
  "--color-warning",
  "--color-error",
  "--color-unknown",
  "--color-line",
  "--color-accent",
  "--color-muted",
];
const TEXT = ["--color-fg", "--color-muted"];

describe("presenter palette contrast", () => {
  it("reads the palette from app/globals.css", () => {
    expect(presenter.get("--color-surface")).toBeDefined();
    // Presenter mode overrides some colours: otherwise the block was not found.
    expect(pairsIn(blocks(':root[data-presenter="on"]')).size).toBeGreaterThan(0);
  });

  for (const [index, scheme] of ["light", "dark"].entries()) {
    const pick = (name: string) => {
      const pair = presenter.get(name);
      if (!pair) throw new Error(`${name} is not a light-dark() pair in app/globals.css`);
      return pair[index] as string;
    };
    for (const name of GRAPHICS)
      it(`${scheme}: ${name} keeps 3:1 against the graph's surface`, () => {
        expect(contrast(pick(name), pick("--color-surface"))).toBeGreaterThanOrEqual(3);
      });
    for (const name of TEXT)
      it(`${scheme}: ${name} text keeps 4.5:1 against the graph's surface`, () => {
        expect(contrast(pick(name), pick("--color-surface"))).toBeGreaterThanOrEqual(4.5);
      });
    // Badges draw their glyph in the strong colour on the soft tint.
    for (const status of ["ok", "warning", "error", "unknown"])
      it(`${scheme}: the ${status} glyph keeps 3:1 against its badge's tint`, () => {
        expect(contrast(pick(`--color-${status}`), pick(`--color-${status}-soft`))).toBeGreaterThanOrEqual(3);
      });
  }

  it("measures contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});
