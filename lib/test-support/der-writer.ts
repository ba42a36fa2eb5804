/**
 * A small DER writer for tests and the fuzzer: structures built by hand, so a test can hold any
 * value a parser must survive (a negative iteration count, nesting no real file has).
 */
/** One DER TLV: tag, definite length, content. */
export function tlv(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const head =
    length < 0x80
      ? [tag, length]
      : length < 0x100
        ? [tag, 0x81, length]
        : length < 0x10000
          ? [tag, 0x82, length >> 8, length & 0xff]
          : [tag, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
  const out = new Uint8Array(head.length + length);
  out.set(head, 0);
  let at = head.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const seq = (...parts: Uint8Array[]) => tlv(0x30, ...parts);
export const octets = (bytes: Uint8Array) => tlv(0x04, bytes);
export const explicit0 = (...parts: Uint8Array[]) => tlv(0xa0, ...parts);
export const NULL = new Uint8Array([0x05, 0x00]);

export function oid(dotted: string): Uint8Array {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [a * 40 + b];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, new Uint8Array(bytes));
}

/** A DER INTEGER of any sign and size (two's complement, minimal). */
export function integer(value: bigint): Uint8Array {
  const bytes: number[] = [];
  let v = value;
  for (;;) {
    bytes.unshift(Number(v & 0xffn));
    const rest = v >> 8n;
    const sign = (bytes[0] ?? 0) & 0x80;
    if ((rest === 0n && !sign) || (rest === -1n && sign)) break;
    v = rest;
  }
  return tlv(0x02, new Uint8Array(bytes));
}
