/**
 * A kubectl JSON dump (`kubectl get secrets -A -o json`) cut into its objects without parsing it:
 * one pass that knows strings from structure, jumping over each string with a native `indexOf` to
 * its closing quote, so a Helm release's megabyte of base64 costs one scan. Each item's own `kind`
 * and `type` are read on the way. Nesting deeper than YAML's own limit is refused, so a file of
 * `[[[[…` is named instead of handed to `JSON.parse`.
 */
import { fail, ok, type Result } from "../shared/result";
import type { DumpObjects, ObjectSpan } from "./split-yaml-dump";
import { MAX_YAML_DEPTH } from "./yaml-limits";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface Frame {
  array: boolean;
  /** In an object: the next string is a key. */
  expectKey: boolean;
  key?: string;
  role: "top" | "items" | "item" | "other";
  span?: ObjectSpan;
}

/** Keys and short values are decoded; long strings (data) never are. */
const MAX_DECODED = 256;

/** The index of the quote closing the string that opens at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  for (let from = open + 1; ;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

function decoded(text: string, open: number, close: number): string | undefined {
  if (close - open > MAX_DECODED) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(open, close + 1));
    return typeof value === "string" ? value : undefined;
  } catch (error) {
    // A malformed escape: not a kind or a type anyone could mean; JSON.parse of the item will say why.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Record a string value where it names the dump's or an item's kind or type. */
function noteValue(frame: Frame, value: string | undefined, top: { kind?: string; type?: string }) {
  if (value === undefined || (frame.key !== "kind" && frame.key !== "type")) return;
  if (frame.role === "top") top[frame.key] = value;
  else if (frame.role === "item" && frame.span) frame.span[frame.key] = value;
}

/**
 * The objects of a kubectl JSON dump, or why the text is not one (the caller then treats it as
 * any other JSON). Linear in the text.
 */
export function splitJsonDump(text: string): Result<DumpObjects> {
  const stack: Frame[] = [];
  const top: { kind?: string; type?: string } = {};
  const items: ObjectSpan[] = [];
  let sawItems = false;
  let ended = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20) continue;
    if (ended) return fail("text after the object");
    const frame = stack[stack.length - 1];
    if (c === QUOTE) {
      const close = closingQuote(text, i);
      if (close < 0) return fail("an unterminated string");
      if (frame && !frame.array && frame.expectKey) {
        frame.key = decoded(text, i, close) ?? "";
        frame.expectKey = false;
      } else if (frame) noteValue(frame, decoded(text, i, close), top);
      i = close;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_YAML_DEPTH)
        return fail(`collections nested more than ${MAX_YAML_DEPTH} deep (depth limit)`);
      const array = c === 0x5b;
      let role: Frame["role"] = "other";
      if (!frame) role = array ? "other" : "top";
      else if (frame.role === "top" && frame.key === "items" && array) role = "items";
      else if (frame.role === "items" && !array) role = "item";
      if (!frame && array) return fail("a JSON array, not a kubectl object");
      const next: Frame = { array, expectKey: !array, role };
      if (role === "items") sawItems = true;
      if (role === "item") {
        next.span = { start: i, end: i };
        items.push(next.span);
      }
      stack.push(next);
    } else if (c === 0x7d || c === 0x5d) {
      const closed = stack.pop();
      if (!closed || closed.array !== (c === 0x5d)) return fail("unbalanced brackets");
      if (closed.span) closed.span.end = i + 1;
      if (stack.length === 0) ended = true;
    } else if (c === 0x2c) {
      if (frame && !frame.array) frame.expectKey = true;
    } else if (!frame) return fail("not a JSON object");
  }
  if (!ended) return fail("the object does not end");
  if (top.kind === undefined) return fail("no kind");
  if (sawItems) return ok({ kind: top.kind, items });
  return ok({
    kind: top.kind,
    items: [
      { start: 0, end: text.length, kind: top.kind, ...(top.type !== undefined ? { type: top.type } : {}) },
    ],
  });
}
