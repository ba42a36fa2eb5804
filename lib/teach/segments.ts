/**
 * Lesson text as segments, so the explorer can style what it quotes: a flag or file name is `code`,
 * a value read from the dropped files is a `value` (with the file it came from), and something the
 * drop does not hold is a `missing` segment that says so in plain words. Templates carry named
 * `{slots}` and `backticked` code; `fill` turns one into a paragraph.
 */
import { pushAll } from "../shared/collections";

export type Segment =
  | { kind: "text"; text: string }
  /** A flag, field, command or file name. */
  | { kind: "code"; text: string }
  /** A real value from the drop, with the file it was read from when there is one. */
  | { kind: "value"; text: string; source?: string }
  /** "not in the files you dropped: <what>". */
  | { kind: "missing"; text: string };

export type Paragraph = Segment[];

/** What a template slot may be filled with: plain text, one segment or a run of them. */
export type Slot = string | Segment | readonly Segment[];

/** A plain-text segment. */
export function text(value: string): Segment {
  return { kind: "text", text: value };
}

/** A flag, field, command or file name, shown as code. */
export function code(value: string): Segment {
  return { kind: "code", text: value };
}

/** A value read from the drop; `source` is the file it came from, when one is known. */
export function value(shown: string, source?: string): Segment {
  return source ? { kind: "value", text: shown, source } : { kind: "value", text: shown };
}

/** A segment standing for something the drop does not hold; `said` is the full sentence shown. */
export function missingSegment(said: string): Segment {
  return { kind: "missing", text: said };
}

const TOKEN = /\{([A-Za-z][A-Za-z0-9]*)\}|`([^`]+)`/g;

/**
 * A paragraph from a template: `{name}` takes the slot of that name, `backticked` runs become code
 * segments, the rest is text; neighbouring text segments are merged. A `{name}` with no slot is a
 * bug in the lesson content (tests fill every template on real reports), so it throws.
 */
export function fill(template: string, slots: Readonly<Record<string, Slot>> = {}): Paragraph {
  const out: Segment[] = [];
  let at = 0;
  for (const match of template.matchAll(TOKEN)) {
    if (match.index > at) out.push(text(template.slice(at, match.index)));
    const [whole, name, quoted] = match;
    if (quoted !== undefined) out.push(code(quoted));
    else if (name !== undefined) {
      const slot = slots[name];
      if (slot === undefined) throw new Error(`lesson template slot {${name}} was not filled: ${template}`);
      pushAll(out, slotSegments(slot));
    }
    at = match.index + whole.length;
  }
  if (at < template.length) out.push(text(template.slice(at)));
  return merge(out);
}

function slotSegments(slot: Slot): readonly Segment[] {
  if (typeof slot === "string") return [text(slot)];
  if (isSegment(slot)) return [slot];
  return slot;
}

function isSegment(slot: Segment | readonly Segment[]): slot is Segment {
  return !Array.isArray(slot);
}

/** Join segments with a separator (", " by default), for lists of values. */
export function joinSegments(parts: readonly (Segment | readonly Segment[])[], separator = ", "): Segment[] {
  const out: Segment[] = [];
  parts.forEach((part, index) => {
    if (index > 0) out.push(text(separator));
    pushAll(out, slotSegments(part));
  });
  return merge(out);
}

function merge(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    if (segment.text === "") continue;
    const last = out[out.length - 1];
    if (last?.kind === "text" && segment.kind === "text")
      out[out.length - 1] = text(last.text + segment.text);
    else out.push(segment);
  }
  return out;
}

/** The paragraph with its first letter capitalised when it opens with plain text (a sentence's start). */
export function sentence(paragraph: Paragraph): Paragraph {
  const [first, ...rest] = paragraph;
  if (first?.kind !== "text") return paragraph;
  return [text(first.text.charAt(0).toUpperCase() + first.text.slice(1)), ...rest];
}

/** A paragraph as plain text, for tests, titles and accessible labels. */
export function plainText(paragraph: readonly Segment[]): string {
  return paragraph.map((segment) => segment.text).join("");
}
