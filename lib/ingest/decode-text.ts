/**
 * Text or binary? Sniffing needs to know before choosing between PEM/YAML and DER. A file is text
 * when it is valid UTF-8 without NUL bytes; DER almost never is (lengths and signatures hold NULs
 * and invalid sequences). UTF-16 with a byte-order mark is text too: Windows PowerShell 5 writes
 * it for `kubectl ... > ca.crt`.
 */
const utf8 = new TextDecoder("utf-8", { fatal: true });

function utf16(bytes: Uint8Array): string | undefined {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  if (!le && !be) return undefined;
  try {
    return new TextDecoder(le ? "utf-16le" : "utf-16be", { fatal: true }).decode(bytes);
  } catch (error) {
    // A BOM followed by invalid UTF-16 is binary after all.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

/** The file's text (BOM removed), or undefined when the bytes are binary. */
export function decodeText(bytes: Uint8Array): string | undefined {
  const wide = utf16(bytes);
  if (wide !== undefined) return wide;
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch (error) {
    // The fatal decoder throws a TypeError exactly when the bytes are not UTF-8: that is the answer.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}
