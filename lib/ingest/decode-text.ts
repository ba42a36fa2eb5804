/**
 * Text or binary? Sniffing needs to know before choosing between PEM/YAML and DER. A file is text
 * when it is valid UTF-8 without NUL bytes; DER almost never is (lengths and signatures hold NULs
 * and invalid sequences).
 */
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The file's text (BOM removed), or undefined when the bytes are binary. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch (error) {
    // The fatal decoder throws a TypeError exactly when the bytes are not UTF-8: that is the answer.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}
