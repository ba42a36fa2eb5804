/**
 * Plain-text layout for the terminal table: padding, truncation and word wrapping measured in
 * characters (code points) of unstyled text. Styling is applied after layout, so escape codes never
 * count towards a width.
 */
import { maxOf } from "../shared/collections";

/** Length in code points, so "✓" and "→" count as one column. */
export function textWidth(text: string): number {
  return [...text].length;
}

/** Pad `text` with spaces on the right to `width` columns (never cuts). */
export function padEnd(text: string, width: number): string {
  const missing = width - textWidth(text);
  return missing > 0 ? text + " ".repeat(missing) : text;
}

/**
 * What a cut must keep whole: one of the visible escapes inertText writes (`\x1B`, `\u202E`, `\n`)
 * or one character. Half an escape (`\x` before the "…") would read as something else.
 */
const UNIT = /\\(?:x[0-9A-F]{2}|u[0-9A-F]{4}|[nrt])|[\s\S]/gu;

/** As many of `units` as fit in `room` columns, from the start (or from the end with `fromEnd`). */
function fitUnits(units: readonly string[], room: number, fromEnd = false): string {
  const taken: string[] = [];
  let used = 0;
  for (let index = 0; index < units.length; index++) {
    const unit = units[fromEnd ? units.length - 1 - index : index] ?? "";
    used += textWidth(unit);
    if (used > room) break;
    taken.push(unit);
  }
  return (fromEnd ? taken.reverse() : taken).join("");
}

/**
 * Cut `text` to at most `width` columns, marking the cut with "…", never inside a visible escape
 * (the cut then keeps a column or two less). `middle` keeps both ends, which suits paths
 * (`pki/…/server.crt` still names the file).
 */
export function truncate(text: string, width: number, middle = false): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  if (width <= 1) return chars.slice(0, Math.max(width, 0)).join("");
  const units = text.match(UNIT) ?? [];
  if (!middle) return fitUnits(units, width - 1) + "…";
  const tail = Math.floor((width - 1) / 2);
  const head = width - 1 - tail;
  return fitUnits(units, head) + "…" + fitUnits(units, tail, true);
}

/**
 * A path cut to `width`: a kubeconfig entry (`controller-manager.conf#users/…`) keeps its file name
 * whole and loses the end of the entry; any other path keeps both ends (`pki/…/server.crt`).
 */
export function truncatePath(path: string, width: number): string {
  const hash = path.indexOf("#");
  if (hash > 0 && [...path].length > width && [...path.slice(0, hash)].length + 2 <= width)
    return truncate(path, width);
  return truncate(path, width, true);
}

/**
 * Word-wrap `text` into lines of at most `width` columns: the first prefixed by `indent`, the
 * others by `nextIndent` (default: the same), prefixes counted in the width. A single word longer
 * than the room is kept whole on its own line rather than broken: paths and commands must stay
 * copyable.
 */
export function wrap(text: string, width: number, indent = "", nextIndent = indent): string[] {
  const lines: string[] = [];
  const prefix = (): string => (lines.length === 0 ? indent : nextIndent);
  let current = "";
  for (const word of text.split(/\s+/).filter((part) => part !== "")) {
    const room = Math.max(width - textWidth(prefix()), 1);
    if (current === "") current = word;
    else if (textWidth(current) + 1 + textWidth(word) <= room) current += ` ${word}`;
    else {
      lines.push(prefix() + current);
      current = word;
    }
  }
  if (current !== "") lines.push(prefix() + current);
  return lines;
}

/**
 * Choose column widths for `rows` so a row (cells joined by `gap`) fits in `width`: every column
 * gets its widest cell, then the columns listed in `shrinkable` give up room, widest first, down to
 * `minimum` each. When even that does not fit the result is wider than `width` ("where possible").
 */
export function fitColumns(
  rows: string[][],
  width: number,
  shrinkable: number[],
  gap = 2,
  minimum = 8,
): number[] {
  const columns = Math.max(0, maxOf(rows.map((row) => row.length)));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(0, maxOf(rows.map((row) => textWidth(row[column] ?? "")))),
  );
  const total = (): number => widths.reduce((sum, value) => sum + value, 0) + gap * Math.max(columns - 1, 0);
  while (total() > width) {
    let widest = -1;
    for (const column of shrinkable) {
      const value = widths[column] ?? 0;
      if (value > minimum && (widest === -1 || value > (widths[widest] ?? 0))) widest = column;
    }
    if (widest === -1) break;
    // One column at a time, so the shrinking is shared between wide columns instead of emptying one.
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  return widths;
}
