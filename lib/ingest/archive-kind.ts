/**
 * Archives are recognised by their bytes, never by their name: gzip (1f 8b), zip (PK\3\4, the end
 * record of an empty zip, or an end record pointing at its central directory), tar ("ustar" at
 * offset 257, or an old-style header whose checksum adds up).
 */
export type ArchiveKind = "gzip" | "zip" | "tar";

/** The header checksum rule of tar: bytes summed with the checksum field counted as spaces. */
export function tarChecksumValid(header: Uint8Array): boolean {
  if (header.length < 512) return false;
  // Octal digits, spaces and NULs only: text files fail here without the sum below.
  for (let i = 148; i < 156; i++) {
    const c = header[i] ?? 0;
    if (c !== 0 && c !== 0x20 && (c < 0x30 || c > 0x37)) return false;
  }
  const field = String.fromCharCode(...header.subarray(148, 156))
    .replace(/\0/g, " ")
    .trim();
  if (!/^[0-7]+$/.test(field)) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  return sum === parseInt(field, 8);
}

function hasUstarMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 263 && String.fromCharCode(...bytes.subarray(257, 262)) === "ustar";
}

/**
 * A zip whose first local header is damaged is still a zip: its end record (within the last
 * 64 KiB) points at a central directory that starts with a central header.
 */
function hasZipDirectory(bytes: Uint8Array): boolean {
  if (bytes.length < 22) return false;
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  // The signature's last byte, 06, found by the engine's own scan: text has none, so one pass.
  for (let six = bytes.lastIndexOf(0x06, bytes.length - 19); six - 3 >= lowest;) {
    const at = six - 3;
    if (data.getUint32(at, true) === 0x06054b50) {
      const start = data.getUint32(at + 16, true);
      return start + 4 <= at && data.getUint32(start, true) === 0x02014b50;
    }
    six = bytes.lastIndexOf(0x06, six - 1);
  }
  return false;
}

/** Which archive format the bytes are, or undefined for anything else. */
export function archiveKind(bytes: Uint8Array): ArchiveKind | undefined {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return "gzip";
  if (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  ) {
    return "zip";
  }
  if (hasZipDirectory(bytes)) return "zip";
  if (
    hasUstarMagic(bytes) ||
    (bytes.length >= 512 && bytes[0] !== 0 && tarChecksumValid(bytes.subarray(0, 512)))
  ) {
    return "tar";
  }
  return undefined;
}
