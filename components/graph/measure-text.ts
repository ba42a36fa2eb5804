/**
 * Text width in the browser's own fonts, from one shared canvas, so labels are cut where they really
 * overflow rather than where an average glyph width guesses. Falls back to the estimate when there is
 * no document (server render).
 */
import { estimateText } from "./node-label";

let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** Width in CSS pixels of `text` set in `font` (a CSS font shorthand). */
export function measureText(text: string, font: string): number {
  if (typeof document === "undefined") return estimateText(text, font);
  if (context === undefined) context = document.createElement("canvas").getContext("2d");
  if (!context) return estimateText(text, font);
  const key = `${font}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    context.font = font;
    width = context.measureText(text).width;
    widths.set(key, width);
  }
  return width;
}
