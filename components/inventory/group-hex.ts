/**
 * Hex the way `openssl x509 -text` prints serials, key identifiers and fingerprints: byte pairs
 * joined by colons. People compare fingerprints pair by pair against another tool's output, so the
 * explorer uses the same shape rather than one unbroken 64-character string.
 */

export interface GroupHexOptions {
  /** Upper-case the digits, as openssl does for fingerprints and key identifiers. Default true. */
  uppercase?: boolean;
}

/** "0a7520f1" → "0A:75:20:F1". Separators already present are dropped; an odd length gets a leading 0. */
export function groupHex(hex: string, options: GroupHexOptions = {}): string {
  const digits = hex.replace(/[^0-9a-f]/gi, "");
  const even = digits.length % 2 === 1 ? `0${digits}` : digits;
  const pairs = even.match(/../g) ?? [];
  const joined = pairs.join(":");
  return options.uppercase === false ? joined.toLowerCase() : joined.toUpperCase();
}

/**
 * Split grouped hex into lines of `bytesPerLine` pairs, so a SHA-256 fingerprint reads as two
 * aligned halves instead of wrapping wherever the column happens to end.
 */
export function hexLines(hex: string, bytesPerLine = 16, options: GroupHexOptions = {}): string[] {
  const pairs = groupHex(hex, options).split(":").filter(Boolean);
  const lines: string[] = [];
  for (let start = 0; start < pairs.length; start += bytesPerLine) {
    lines.push(pairs.slice(start, start + bytesPerLine).join(":"));
  }
  return lines;
}
