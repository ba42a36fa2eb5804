/**
 * What the text formats' tests ask of an output written from hostile input: that it holds nothing a
 * terminal acts on but line ends (and, with colour on, our own SGR codes), and, for Markdown, that
 * no table gained a cell and no tag, entity or math reaches a renderer. Each check returns what it
 * found wrong, so a failing test says where.
 */
import { textPieces } from "./inert-text";

/** The SGR sequences lib/format/ansi.ts writes: `ESC [ <number> m`. */
const OUR_SGR = /\u001b\[\d{1,2}m/g;

/**
 * Every character of `text` a terminal would act on or a reader would not see, written as its
 * escape (`\x1B`, `\u202E`): control characters but the line feed, DEL, C1 controls, bidi and
 * invisible characters. With `sgr`, the colour codes ansi.ts writes are allowed and skipped.
 */
export function unsafeCharacters(text: string, options: { sgr: boolean }): string[] {
  const plain = (options.sgr ? text.replace(OUR_SGR, "") : text).replaceAll("\n", "");
  return textPieces(plain).flatMap((piece) => (piece.kind === "hidden" ? [piece.shown] : []));
}

/** Lines of `markdown` outside fenced code blocks, where Markdown is parsed as such. */
function parsedLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = /^(`{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) fence = marker;
    else if (fence !== undefined && line.trimEnd() === fence) fence = undefined;
    else if (fence === undefined) lines.push(line);
  }
  return lines;
}

/** `line` without its code spans (a run of backticks up to the next run of the same length). */
function withoutCodeSpans(line: string): string {
  let out = "";
  let rest = line;
  for (let open = /(?<!\\)`+/.exec(rest); open; open = /(?<!\\)`+/.exec(rest)) {
    const run = open[0];
    const after = rest.slice(open.index + run.length);
    const close = new RegExp(`(?<!\`)${run}(?!\`)`).exec(after);
    if (!close) break;
    out += `${rest.slice(0, open.index)}«code»`;
    rest = after.slice(close.index + run.length);
  }
  return out + rest;
}

/** Whether the character at `index` is preceded by an odd number of backslashes (escaped). */
function escaped(text: string, index: number): boolean {
  let count = 0;
  for (let at = index - 1; at >= 0 && text[at] === "\\"; at--) count++;
  return count % 2 === 1;
}

/**
 * Markup a Markdown renderer would act on in `markdown` outside code: a tag (but `<br>` and an
 * autolink to https), an entity, or GitHub's `$` math. Our own output has none of them, so any one
 * found came from the input.
 */
export function activeMarkup(markdown: string): string[] {
  const found: string[] = [];
  for (const line of parsedLines(markdown)) {
    const text = withoutCodeSpans(line);
    for (let index = 0; index < text.length; index++) {
      const char = text[index];
      if ((char !== "<" && char !== "&" && char !== "$") || escaped(text, index)) continue;
      const rest = text.slice(index);
      if (char === "<" && /^<(br>|https:\/\/[^\s>]+>)/.test(rest)) continue;
      if (char === "&" && !/^&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i.test(rest)) continue;
      found.push(rest.slice(0, 40));
    }
  }
  return found;
}

/**
 * GFM table rows of `markdown` whose cell count differs from their table's header row. A cell ends
 * at a `|` not directly after a backslash, as cmark-gfm splits rows (it takes `\|` as an escaped
 * pipe however many backslashes come before).
 */
export function misshapenTableRows(markdown: string): string[] {
  const cells = (row: string): number => row.trim().split(/(?<!\\)\|/).length - 2;
  const wrong: string[] = [];
  let header: number | undefined;
  for (const line of parsedLines(markdown)) {
    if (!line.startsWith("|")) {
      header = undefined;
      continue;
    }
    if (header === undefined) header = cells(line);
    else if (cells(line) !== header) wrong.push(line);
  }
  return wrong;
}
