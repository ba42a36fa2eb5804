/**
 * Text for an exported drawing's title block and legend, written as SVG markup: input-derived words
 * (an API endpoint, a node name) made inert (controls and bidi overrides shown as escapes) and
 * XML-escaped, and cut to the width they have, measured by an estimate so the builders stay pure.
 */
import { inertText } from "@/lib/format/inert-text";

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** `text` safe inside an SVG element or a quoted attribute: inert, then XML-escaped. */
export function escapeXml(text: string): string {
  return inertText(text).replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** Em width the estimate gives each character: generous, so a line laid out by it stays in its box. */
const EM_PER_CHARACTER = 0.58;

/** Width of `text` in a sans-serif face at `fontSize`, estimated (never under the real width of common text). */
export function estimateWidth(text: string, fontSize: number): number {
  return [...text].length * fontSize * EM_PER_CHARACTER;
}

/**
 * `text` made inert, then cut with "…" to fit `width` at `fontSize` (whole code points, never half a
 * surrogate pair); as is when it fits.
 */
export function fitWidth(text: string, width: number, fontSize: number): string {
  const inert = inertText(text);
  if (estimateWidth(inert, fontSize) <= width) return inert;
  const keep = Math.max(0, Math.floor(width / (fontSize * EM_PER_CHARACTER)) - 1);
  return `${[...inert].slice(0, keep).join("")}…`;
}

/** The theme colours an export paints with, by the name of their CSS variable (`--color-<name>`). */
export const PALETTE_NAMES = [
  "fg",
  "muted",
  "line",
  "surface",
  "raised",
  "accent",
  "accent-soft",
  "ok",
  "ok-soft",
  "warning",
  "warning-soft",
  "error",
  "error-soft",
  "unknown",
  "unknown-soft",
] as const;

export type PaletteName = (typeof PALETTE_NAMES)[number];

/** Each theme colour resolved (`rgb(20, 118, 58)`), as the page shows it now. */
export type Palette = Record<PaletteName, string>;

function isPaletteName(name: string): name is PaletteName {
  return (PALETTE_NAMES as readonly string[]).includes(name);
}

/**
 * `value` with every `var(--color-<name>)` of the palette replaced by its resolved colour, so a
 * style written for the page (`var(--color-ok)`) paints the same in a saved file.
 */
export function paint(value: string, palette: Palette): string {
  return value.replace(/var\(--color-([a-z-]{1,40})\)/g, (match: string, name: string) =>
    isPaletteName(name) ? palette[name] : match,
  );
}
