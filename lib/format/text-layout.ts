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

/**
 * Where an identifier may be cut: after one of these in the kept head, before one in the kept tail.
 * A relationship key, a node name or a path is cut between its words (`apiserver-kubelet-…`), never
 * inside one (`apiserver-kubele…`), so what is left still reads as whole names.
 */
const SEPARATOR = /^[-:/. (),#=]$/u;

/** Whether a cut may fall between `units[index - 1]` and `units[index]`, keeping the unit before it. */
function headCut(units: readonly string[], index: number): boolean {
  const before = units[index - 1] ?? "";
  const after = units[index] ?? "";
  // A visible escape is never a word: the text may be cut on either side of it.
  return SEPARATOR.test(before) || before.length > 1 || after.length > 1;
}

/** Whether a kept tail may start at `units[index]`. */
function tailCut(units: readonly string[], index: number): boolean {
  const unit = units[index] ?? "";
  return SEPARATOR.test(unit) || unit.length > 1 || (units[index - 1] ?? "").length > 1;
}

/** The first units of a text with no separator to cut at, and "…", in `width` columns. */
function hardCut(units: readonly string[], width: number): string {
  let used = 1;
  let count = 0;
  while (count < units.length && used + textWidth(units[count] ?? "") <= width)
    used += textWidth(units[count++] ?? "");
  return `${units.slice(0, count).join("")}…`;
}

/**
 * Cut `text` to at most `width` columns, marking the cut with "…", only at a separator (`-`, `:`,
 * `/`, `.`, space, `(` …) or beside a visible escape, never inside a word or an escape. `middle`
 * keeps both ends (`etcd-peer:…-name.crt`): of the cuts that fit, the most balanced (the shorter
 * end longest), then the one that keeps the most; `keepEnd` keeps the longest end first, which suits paths
 * (`…-client.crt`, `pki/…/server.crt`: the file name before the folders). Only a text with no
 * separator in reach (a fingerprint, a hostile blob) is cut where it must, so a row never grows
 * without bound.
 */
export function truncate(text: string, width: number, middle = false, keepEnd = false): string {
  if (textWidth(text) <= width) return text;
  if (width <= 1) return [...text].slice(0, Math.max(width, 0)).join("");
  const units = text.match(UNIT) ?? [];
  // Columns up to each unit boundary: widths[i] is the width of units[0..i).
  const widths = [0];
  for (const unit of units) widths.push((widths.at(-1) ?? 0) + textWidth(unit));
  const total = widths.at(-1) ?? 0;
  const heads: number[] = [0];
  for (let index = 1; index < units.length; index++) if (headCut(units, index)) heads.push(index);
  const tails: number[] = [units.length];
  if (middle) for (let index = 1; index < units.length; index++) if (tailCut(units, index)) tails.push(index);
  let best: { head: number; tail: number; kept: number; shorter: number } | undefined;
  // Heads ascend; for each tail the longest head that still fits is found by walking back.
  let fit = heads.length - 1;
  for (const tail of [...tails].sort((a, b) => b - a)) {
    const tailWidth = total - (widths[tail] ?? 0);
    while (fit > 0 && (widths[heads[fit] ?? 0] ?? 0) + 1 + tailWidth > width) fit--;
    const head = heads[fit] ?? 0;
    const kept = (widths[head] ?? 0) + tailWidth;
    const shorter = Math.min(widths[head] ?? 0, tailWidth);
    if (kept + 1 > width || (head === 0 && tail === units.length)) continue;
    const better = keepEnd
      ? !best || tail < best.tail || (tail === best.tail && kept > best.kept)
      : !best ||
        shorter > best.shorter ||
        (shorter === best.shorter && (kept > best.kept || (kept === best.kept && tail < best.tail)));
    if (better) best = { head, tail, kept, shorter };
  }
  if (!best) return hardCut(units, width);
  return `${units.slice(0, best.head).join("")}…${units.slice(best.tail).join("")}`;
}

/**
 * A path cut to `width`: a kubeconfig entry (`controller-manager.conf#users/…`) keeps its file name
 * whole and loses the end of the entry; any other path keeps both ends (`pki/…/server.crt`).
 */
export function truncatePath(path: string, width: number): string {
  const hash = path.indexOf("#");
  if (hash > 0 && [...path].length > width && [...path.slice(0, hash)].length + 2 <= width)
    return truncate(path, width);
  return truncate(path, width, true, true);
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
