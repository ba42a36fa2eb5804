/**
 * A DER reader as strict as the one Go's crypto/x509 reads certificates with
 * (golang.org/x/crypto/cryptobyte): low tag numbers only, the shortest length form, minimal
 * INTEGERs, BOOLEANs of 0x00 or 0xff, BIT STRINGs with zero padding, OIDs without padded arcs.
 * Every read either consumes an element and returns it or consumes nothing and returns undefined,
 * so `parse-certificate.ts` can follow Go's parser line by line and fail where it fails.
 */
import { toHex } from "../../shared/bytes";

/** A window on a buffer that reads move forwards; `bytes` is shared, never copied. */
export class DerReader {
  constructor(
    readonly bytes: Uint8Array,
    public pos = 0,
    readonly end = bytes.length,
  ) {}

  get empty(): boolean {
    return this.pos >= this.end;
  }

  /** The bytes left, as a view. */
  rest(): Uint8Array {
    return this.bytes.subarray(this.pos, this.end);
  }

  peekTag(tag: number): boolean {
    return this.pos < this.end && this.bytes[this.pos] === tag;
  }

  /** The next element's tag, header length and total length, when it is a valid DER element. */
  private header(): { tag: number; headerLength: number; length: number } | undefined {
    const { bytes, pos, end } = this;
    if (end - pos < 2) return undefined;
    const tag = bytes[pos] ?? 0;
    const lengthByte = bytes[pos + 1] ?? 0;
    if ((tag & 0x1f) === 0x1f) return undefined;
    if ((lengthByte & 0x80) === 0) {
      const length = lengthByte + 2;
      return length <= end - pos ? { tag, headerLength: 2, length } : undefined;
    }
    const count = lengthByte & 0x7f;
    if (count === 0 || count > 4 || end - pos < 2 + count) return undefined;
    let value = 0;
    for (let i = 0; i < count; i++) value = value * 256 + (bytes[pos + 2 + i] ?? 0);
    if (value < 128) return undefined;
    if (bytes[pos + 2] === 0) return undefined;
    const length = 2 + count + value;
    return length <= end - pos ? { tag, headerLength: 2 + count, length } : undefined;
  }

  /** The contents of the next element when its tag is `tag` (or any tag when undefined). */
  readElement(tag?: number): { tag: number; contents: DerReader; whole: Uint8Array } | undefined {
    const header = this.header();
    if (!header || (tag !== undefined && header.tag !== tag)) return undefined;
    const start = this.pos;
    this.pos += header.length;
    return {
      tag: header.tag,
      contents: new DerReader(this.bytes, start + header.headerLength, start + header.length),
      whole: this.bytes.subarray(start, start + header.length),
    };
  }

  read(tag: number): DerReader | undefined {
    return this.readElement(tag)?.contents;
  }

  /** `ReadOptionalASN1`: absent is fine, present but malformed is not (undefined). */
  readOptional(tag: number): { present: boolean; contents?: DerReader } | undefined {
    if (!this.peekTag(tag)) return { present: false };
    const contents = this.read(tag);
    return contents ? { present: true, contents } : undefined;
  }

  /** `SkipOptionalASN1`. */
  skipOptional(tag: number): boolean {
    if (!this.peekTag(tag)) return true;
    return this.read(tag) !== undefined;
  }

  /** A minimally encoded INTEGER as a bigint. */
  readInteger(tag = 0x02): bigint | undefined {
    const contents = this.read(tag);
    if (!contents) return undefined;
    const value = contents.rest();
    if (!minimalInteger(value)) return undefined;
    return integerValue(value);
  }

  readBoolean(): boolean | undefined {
    const contents = this.read(0x01);
    if (!contents || contents.end - contents.pos !== 1) return undefined;
    const value = contents.bytes[contents.pos];
    if (value === 0) return false;
    if (value === 0xff) return true;
    return undefined;
  }

  /** An OBJECT IDENTIFIER in dotted form. */
  readOid(): string | undefined {
    const contents = this.read(0x06);
    return contents ? oidText(contents.rest()) : undefined;
  }

  /** A BIT STRING: its bytes (padding removed from the count) and its bit length. */
  readBitString(): { bytes: Uint8Array; bitLength: number } | undefined {
    const contents = this.read(0x03);
    if (!contents) return undefined;
    const value = contents.rest();
    if (value.length === 0) return undefined;
    const padding = value[0] ?? 0;
    const data = value.subarray(1);
    const last = data[data.length - 1] ?? 0;
    if (
      padding > 7 ||
      (data.length === 0 && padding !== 0) ||
      (data.length > 0 && (last & ((1 << padding) - 1)) !== 0)
    )
      return undefined;
    return { bytes: data, bitLength: data.length * 8 - padding };
  }
}

/** cryptobyte's `checkASN1Integer`: at least one byte, no redundant leading 0x00 or 0xff. */
export function minimalInteger(value: Uint8Array): boolean {
  if (value.length === 0) return false;
  if (value.length === 1) return true;
  const [first = 0, second = 0] = value;
  return !((first === 0 && (second & 0x80) === 0) || (first === 0xff && (second & 0x80) === 0x80));
}

/**
 * Bytes as lowercase hex, one flat string (lib/shared/bytes.ts): a name's or a key's hex built two
 * digits at a time stays a rope of hundreds of pieces in the parse cache, kilobytes a certificate.
 */
export function hexOf(bytes: Uint8Array): string {
  return toHex(bytes);
}

/** A two's-complement big-endian integer (one BigInt parse, not one shift per byte). */
export function integerValue(value: Uint8Array): bigint {
  if (value.length === 0) return 0n;
  const unsigned = BigInt(`0x${hexOf(value)}`);
  return ((value[0] ?? 0) & 0x80) !== 0 ? unsigned - (1n << BigInt(value.length * 8)) : unsigned;
}

/** One base-128 arc as cryptobyte reads it: at most 4 bytes' worth, no leading 0x80. */
function readArc(bytes: Uint8Array, at: { pos: number }): number | undefined {
  let value = 0;
  for (let i = 0; at.pos < bytes.length; i++) {
    if (i === 5 || value >= 1 << 24) return undefined;
    const byte = bytes[at.pos++] ?? 0;
    if (i === 0 && byte === 0x80) return undefined;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  return undefined;
}

/** An OID's contents in dotted form, or undefined where cryptobyte refuses it. */
export function oidText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  const at = { pos: 0 };
  const first = readArc(bytes, at);
  if (first === undefined) return undefined;
  const arcs = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80];
  while (at.pos < bytes.length) {
    const arc = readArc(bytes, at);
    if (arc === undefined) return undefined;
    arcs.push(arc);
  }
  return arcs.join(".");
}
