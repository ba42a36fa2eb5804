/**
 * A kubectl YAML dump cut into its objects without parsing it: one pass over the line starts,
 * `indexOf` to each line's end, so a 1.4 MB line of a Helm release costs one native scan and no
 * parser ever sees it. kubectl prints a List as `apiVersion: v1`, `items:` with each item a `- `
 * line at the list's own indentation (sigs.k8s.io/yaml), then `kind: List` and `metadata:`; each
 * item's own `kind:` and `type:` are read on the way, so a caller can skip an object by its type
 * before slicing it out. A lone object (`kubectl get secret x -o yaml`) is one item.
 */
import { fail, ok, type Result } from "../shared/result";

/** One object of a dump: where its text is, and its `kind` and `type` when they were seen. */
export interface ObjectSpan {
  start: number;
  end: number;
  kind?: string;
  type?: string;
}

/** The dump's own kind (`List`, `SecretList`, `Secret`, …) and its objects in order. */
export interface DumpObjects {
  kind: string;
  items: ObjectSpan[];
}

/** Values longer than this are not a kind or a type; they are not even looked at. */
const MAX_PEEKED_VALUE = 256;

const SPACE = 0x20;
const DASH = 0x2d;
const HASH = 0x23;
const CR = 0x0d;

/** The scalar after `key:` on the line `[from, end)`, unquoted; undefined when it is not short and plain. */
function peekValue(text: string, from: number, end: number): string | undefined {
  if (end - from > MAX_PEEKED_VALUE) return undefined;
  const value = text.slice(from, end).trim();
  const quoted = /^"([^"\\]*)"$|^'([^']*)'$/.exec(value);
  if (quoted) return quoted[1] ?? quoted[2];
  return /^[^\s"'#&*!|>%@`{}[\],]+$/.test(value) ? value : undefined;
}

/** `kind` or `type` when the line at `at` (its content start) sets one of them; the value else undefined. */
function peekKey(
  text: string,
  at: number,
  end: number,
): { key: "kind" | "type"; value?: string } | undefined {
  for (const key of ["kind", "type"] as const) {
    if (text.startsWith(key, at) && text.charCodeAt(at + key.length) === 0x3a)
      return { key, value: peekValue(text, at + key.length + 1, end) };
  }
  return undefined;
}

/** The top-level key of a column-0 line (`items`), or undefined when the line is not `key:…`. */
function topKey(text: string, at: number, end: number): string | undefined {
  const colon = text.indexOf(":", at);
  if (colon < 0 || colon >= end || colon - at > 64) return undefined;
  return text.slice(at, colon).trim();
}

interface Cursor {
  lineStart: number;
  contentStart: number;
  lineEnd: number;
  indent: number;
  blank: boolean;
}

/** Every line of `text`, with its indentation, found with a native scan to each line end. */
function* lines(text: string): Generator<Cursor> {
  for (let lineStart = 0; lineStart < text.length;) {
    const newline = text.indexOf("\n", lineStart);
    const next = newline < 0 ? text.length : newline + 1;
    let lineEnd = newline < 0 ? text.length : newline;
    if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === CR) lineEnd--;
    let contentStart = lineStart;
    while (contentStart < lineEnd && text.charCodeAt(contentStart) === SPACE) contentStart++;
    yield {
      lineStart,
      contentStart,
      lineEnd,
      indent: contentStart - lineStart,
      blank: contentStart === lineEnd,
    };
    lineStart = next;
  }
}

/**
 * The objects of a kubectl YAML dump, or why the text is not laid out like one (another tool's
 * YAML: the caller parses it the general way). Linear in the text, whatever its lines' lengths.
 */
export function splitYamlDump(text: string): Result<DumpObjects> {
  let kind: string | undefined;
  let type: string | undefined;
  let sawItems = false;
  /** Indentation of the item dashes once `items:` has been met; -1 before its first item. */
  let itemIndent: number | undefined;
  const items: ObjectSpan[] = [];
  let current: ObjectSpan | undefined;
  const close = (at: number) => {
    if (current) current.end = at;
    current = undefined;
  };
  let first = true;
  for (const line of lines(text)) {
    const { lineStart, contentStart, lineEnd, indent, blank } = line;
    if (blank) continue;
    const c = text.charCodeAt(contentStart);
    if (itemIndent !== undefined) {
      const dash =
        c === DASH && (contentStart + 1 === lineEnd || text.charCodeAt(contentStart + 1) === SPACE);
      if (itemIndent === -1 && c !== HASH) {
        if (!dash) return fail("items: is not followed by a list of objects");
        itemIndent = indent;
      }
      if (dash && indent === itemIndent) {
        close(lineStart);
        current = { start: lineStart, end: text.length };
        items.push(current);
        let at = contentStart + 2;
        while (at < lineEnd && text.charCodeAt(at) === SPACE) at++;
        const peeked = peekKey(text, at, lineEnd);
        if (peeked?.value !== undefined) current[peeked.key] = peeked.value;
        continue;
      }
      if (indent > itemIndent || c === HASH) {
        if (current && indent === itemIndent + 2) {
          const peeked = peekKey(text, contentStart, lineEnd);
          if (peeked?.value !== undefined) current[peeked.key] = peeked.value;
        }
        continue;
      }
      close(lineStart);
      itemIndent = undefined;
    }
    if (indent > 0 || c === HASH) continue;
    if (text.startsWith("---", contentStart) && lineEnd - contentStart === 3) {
      if (!first) return fail("several documents");
      first = false;
      continue;
    }
    first = false;
    if (c === DASH) return fail("a list at the top level, not a kubectl object");
    const key = topKey(text, contentStart, lineEnd);
    if (key === undefined) return fail("a top-level line that is not a key");
    if (key === "items") {
      if (sawItems) return fail("two items: keys");
      sawItems = true;
      const rest = text.slice(contentStart + key.length + 1, Math.min(lineEnd, contentStart + 64)).trim();
      if (rest === "") itemIndent = -1;
      else if (rest !== "[]" && rest !== "null") return fail("items: is not a block list");
    } else {
      const peeked = peekKey(text, contentStart, lineEnd);
      if (peeked?.key === "kind") kind = peeked.value;
      else if (peeked?.key === "type") type = peeked.value;
    }
  }
  close(text.length);
  if (kind === undefined) return fail("no kind");
  if (sawItems) return ok({ kind, items });
  return ok({ kind, items: [{ start: 0, end: text.length, kind, ...(type !== undefined ? { type } : {}) }] });
}
