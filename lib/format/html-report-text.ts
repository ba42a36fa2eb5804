/**
 * Text into HTML and SVG for the single-file report. Every value from the input reaches the document
 * through `escapeHtml` after `inertReport` has made it visible (no control or bidi character), so a
 * subject or a file name is shown as written and never read as markup.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** `text` safe inside an element or a quoted attribute of HTML or SVG. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/**
 * `text` cut to at most `max` characters (code points, so no surrogate pair is split), ending in
 * "…" when cut: labels inside a drawing have a box to fit.
 */
export function clip(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join("")}…`;
}

/** A number for an SVG attribute: at most one decimal, no "-0". */
export function svgNumber(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
