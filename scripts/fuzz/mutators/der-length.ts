/**
 * DER length tampering: the TLV lengths inside a certificate or key (in a PEM body, in a
 * kubeconfig's `*-data` field, or in a binary DER file) replaced by a huge, zero, off-by-one,
 * non-minimal or indefinite (0x80) length, the rest of the bytes left as they were.
 */
import { Buffer } from "node:buffer";
import type { Prng } from "../prng";
import { type FileMutator, type MutableFile, splice, utf8 } from "./mutator";
import { pemBlocks, wrap64 } from "./pem-blocks";

/** Where one TLV's length field is and what it says. */
export interface LengthField {
  /** Offset of the first length byte. */
  offset: number;
  /** Bytes the length field takes (1 for short form). */
  size: number;
  value: number;
}

const MAX_FIELDS = 4096;

/**
 * The length fields of every TLV reachable from `offset`, descending into constructed values and
 * into BIT/OCTET STRINGs that hold DER themselves (keys wrap their DER that way).
 */
export function lengthFields(
  der: Uint8Array,
  offset = 0,
  end = der.length,
  depth = 0,
  out: LengthField[] = [],
): LengthField[] {
  let at = offset;
  while (at + 2 <= end && out.length < MAX_FIELDS && depth < 32) {
    const tag = der[at] ?? 0;
    const first = der[at + 1] ?? 0;
    let size = 1;
    let value = first;
    if (first & 0x80) {
      size = 1 + (first & 0x7f);
      if (size > 5 || at + 1 + size > end) return out;
      value = 0;
      for (let i = 1; i < size; i++) value = value * 256 + (der[at + 1 + i] ?? 0);
    }
    const contentStart = at + 1 + size;
    const contentEnd = contentStart + value;
    if (contentEnd > end) return out;
    out.push({ offset: at + 1, size, value });
    if (tag & 0x20) lengthFields(der, contentStart, contentEnd, depth + 1, out);
    else if (tag === 0x04 && der[contentStart] === 0x30)
      lengthFields(der, contentStart, contentEnd, depth + 1, out);
    else if (tag === 0x03 && der[contentStart + 1] === 0x30)
      lengthFields(der, contentStart + 1, contentEnd, depth + 1, out);
    at = contentEnd;
  }
  return out;
}

/** A new length field for `field`: one of the values parsers mishandle. */
function tamperedLength(field: LengthField, rng: Prng): Uint8Array {
  switch (rng.int(8)) {
    case 0:
      return Uint8Array.of(0x84, 0xff, 0xff, 0xff, 0xff);
    case 1:
      return Uint8Array.of(0x88, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
    case 2:
      return Uint8Array.of(0x00);
    case 3:
      return encodeLength(field.value + 1);
    case 4:
      return encodeLength(field.value === 0 ? 1 : field.value - 1);
    case 5:
      return Uint8Array.of(0x80);
    case 6:
      // Non-minimal long form of the same value.
      return Uint8Array.of(
        0x84,
        (field.value >>> 24) & 0xff,
        (field.value >>> 16) & 0xff,
        (field.value >>> 8) & 0xff,
        field.value & 0xff,
      );
    default:
      return Uint8Array.of(0xff);
  }
}

function encodeLength(value: number): Uint8Array {
  if (value < 0x80) return Uint8Array.of(value);
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

/** The DER with one (sometimes two) of its length fields tampered with. */
export function tamperDer(der: Uint8Array, rng: Prng): Uint8Array {
  let out = der;
  const rounds = rng.chance(0.2) ? 2 : 1;
  for (let round = 0; round < rounds; round++) {
    const fields = lengthFields(out);
    if (fields.length === 0) return out;
    const field = rng.pick(fields);
    let length = tamperedLength(field, rng);
    // A zero length tampered to zero (a NULL) would change nothing.
    const current = out.subarray(field.offset, field.offset + field.size);
    if (length.length === current.length && length.every((byte, i) => byte === current[i]))
      length = Uint8Array.of(0x84, 0xff, 0xff, 0xff, 0xff);
    out = splice(out, field.offset, field.size, length);
  }
  return out;
}

/** PEM text with one block's DER tampered with (labels and other blocks kept). */
function tamperPemText(text: string, rng: Prng): string | undefined {
  const blocks = pemBlocks(text).filter((block) => !text.slice(block.bodyStart, block.bodyEnd).includes(":"));
  if (blocks.length === 0) return undefined;
  const block = rng.pick(blocks);
  const der = Buffer.from(text.slice(block.bodyStart, block.bodyEnd), "base64");
  const body = wrap64(Buffer.from(tamperDer(new Uint8Array(der), rng)).toString("base64"));
  return text.slice(0, block.bodyStart) + body + text.slice(block.bodyEnd);
}

const DATA_FIELD =
  /((?:client-certificate|client-key|certificate-authority)-data["']?\s*:\s*["']?)([A-Za-z0-9+/=]{16,})/g;

const HAS_DATA_FIELD = /(?:client-certificate|client-key|certificate-authority)-data/;

function tamperDataField(file: MutableFile, rng: Prng): Uint8Array | undefined {
  const fields = [...file.text.matchAll(DATA_FIELD)];
  if (fields.length === 0) return undefined;
  const field = rng.pick(fields);
  const pem = Buffer.from(field[2] ?? "", "base64").toString("latin1");
  const tampered = tamperPemText(pem, rng);
  if (tampered === undefined) return undefined;
  const start = (field.index ?? 0) + (field[1] ?? "").length;
  const value = Buffer.from(tampered, "latin1").toString("base64");
  return utf8(file.text.slice(0, start) + value + file.text.slice(start + (field[2] ?? "").length));
}

const derLength: FileMutator = {
  name: "der-length",
  weight: 10,
  applies: (file) =>
    pemBlocks(file.text).length > 0 || HAS_DATA_FIELD.test(file.text) || file.bytes[0] === 0x30,
  mutate(file, rng) {
    if (file.bytes[0] === 0x30 && pemBlocks(file.text).length === 0) return tamperDer(file.bytes, rng);
    const choices = [
      () => tamperDataField(file, rng),
      () => {
        const text = tamperPemText(file.text, rng);
        return text === undefined ? undefined : utf8(text);
      },
    ];
    const first = rng.int(2);
    return choices[first]?.() ?? choices[1 - first]?.() ?? file.bytes;
  },
};

export const DER_MUTATORS: readonly FileMutator[] = [derLength];
