/** Small byte helpers shared by the parsers; no Buffer (lib/ also runs in a browser Worker). */

const HEX_DIGITS = new TextEncoder().encode("0123456789abcdef");
/** Decodes ASCII bytes into one flat string (latin1 agrees with ASCII on 0x00–0x7f). */
const ASCII = new TextDecoder("latin1");

/**
 * Lowercase hex of the bytes, no separators: the form used for serials, key ids and digests. Built
 * as one flat string: appending two digits at a time would leave a rope of hundreds of pieces per
 * digest, which costs kilobytes per certificate in a fleet-sized inventory.
 */
export function toHex(data: ArrayBuffer | Uint8Array): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const digits = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    digits[2 * i] = HEX_DIGITS[byte >> 4] ?? 0;
    digits[2 * i + 1] = HEX_DIGITS[byte & 15] ?? 0;
  }
  return ASCII.decode(digits);
}

/** Bytes of a hex string (even length, no separators); used for curve constants and tests. */
export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The bytes without leading zero bytes: the canonical form of an unsigned big integer. */
export function stripLeadingZeros(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start);
}

/** Number of significant bits of an unsigned big-endian integer (RSA modulus size). */
export function bitLength(bytes: Uint8Array): number {
  const stripped = stripLeadingZeros(bytes);
  const first = stripped[0] ?? 0;
  if (first === 0) return 0;
  return (stripped.length - 1) * 8 + (32 - Math.clz32(first));
}

/** A view as a standalone Uint8Array (WebCrypto and asn1js want their own ArrayBuffer ranges). */
export function toUint8(data: ArrayBuffer | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

/** A copy of the bytes in a fresh ArrayBuffer, as WebCrypto's BufferSource typing requires. */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}

/** The concatenation of byte arrays (EC points from JWK coordinates). */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let pos = 0;
  for (const part of parts) {
    out.set(part, pos);
    pos += part.length;
  }
  return out;
}
