/**
 * A minimal DER walker for the hot path: the certificate and key readers step through elements
 * with it instead of building a schema object tree. It only reads definite lengths inside the given
 * bounds and answers `undefined` for anything else, so a caller can hand unusual input to the full
 * schema parser, which explains what is wrong with it.
 */

/** One element: its tag byte and where its contents start and end in the buffer. */
export interface DerElement {
  tag: number;
  start: number;
  end: number;
}

/** The element at `offset`, when it is a low-tag-number element that fits before `limit`. */
export function derElement(bytes: Uint8Array, offset: number, limit: number): DerElement | undefined {
  if (offset + 2 > limit) return undefined;
  const tag = bytes[offset] ?? 0;
  if ((tag & 0x1f) === 0x1f) return undefined;
  let pos = offset + 1;
  let length = bytes[pos++] ?? 0;
  if (length & 0x80) {
    const count = length & 0x7f;
    // DER: the shortest form, never indefinite; four length bytes cover any file we read.
    if (count === 0 || count > 4 || pos + count > limit) return undefined;
    if (bytes[pos] === 0) return undefined;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[pos++] ?? 0);
    if (length < 0x80) return undefined;
  }
  const end = pos + length;
  return end > limit ? undefined : { tag, start: pos, end };
}

/** The children of a constructed element, in order; undefined when they do not tile it exactly. */
export function derChildren(bytes: Uint8Array, parent: DerElement): DerElement[] | undefined {
  const children: DerElement[] = [];
  let offset = parent.start;
  while (offset < parent.end) {
    const child = derElement(bytes, offset, parent.end);
    if (!child) return undefined;
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** An OBJECT IDENTIFIER's contents in dotted form; undefined for a malformed encoding. */
export function derOid(bytes: Uint8Array, element: DerElement): string | undefined {
  if (element.tag !== 0x06 || element.end === element.start) return undefined;
  const arcs: number[] = [];
  let value = 0;
  for (let i = element.start; i < element.end; i++) {
    const byte = bytes[i] ?? 0;
    // A leading 0x80 pads an arc, which DER forbids; huge arcs would lose precision.
    if (value === 0 && byte === 0x80) return undefined;
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) return undefined;
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    }
  }
  if ((bytes[element.end - 1] ?? 0) & 0x80) return undefined;
  const first = arcs[0] ?? 0;
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...arcs.slice(1)].join(".");
}

/** The contents as a fresh copy (records must not pin a view into a larger buffer). */
export function derContents(bytes: Uint8Array, element: DerElement): Uint8Array {
  return bytes.slice(element.start, element.end);
}

/**
 * The text of a string element the common way certificates write names: PrintableString and
 * IA5String in ASCII, UTF8String as valid UTF-8. Other string types and anything else answer
 * undefined, for the full parser to render.
 */
export function derText(bytes: Uint8Array, element: DerElement): string | undefined {
  const { tag, start, end } = element;
  if (tag !== 0x13 && tag !== 0x16 && tag !== 0x0c) return undefined;
  let ascii = true;
  for (let i = start; i < end; i++) {
    if ((bytes[i] ?? 0) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return ASCII.decode(bytes.subarray(start, end));
  if (tag !== 0x0c) return undefined;
  try {
    return UTF8.decode(bytes.subarray(start, end));
  } catch {
    return undefined; // not UTF-8: the full parser keeps the raw bytes, as Go would show them
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** One flat string from ASCII bytes (latin1 agrees with ASCII on 0x00–0x7f). */
const ASCII = new TextDecoder("latin1");
