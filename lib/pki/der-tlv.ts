/**
 * Just enough DER framing to answer "is this one ASN.1 element, and how long is it?" before
 * handing bytes to a schema parser: sniffing DER files, spotting truncation, and slicing the
 * certificate out of an OpenSSL TRUSTED CERTIFICATE (cert followed by trust settings).
 */
import { fail, ok, type Result } from "../shared/result";

export interface Tlv {
  tag: number;
  headerLength: number;
  length: number;
  /** Offset just past the element. */
  end: number;
}

/** ASN.1 SEQUENCE tag (constructed, universal 16): every certificate, key and CSR starts with it. */
export const SEQUENCE_TAG = 0x30;

/**
 * Read the tag and definite length of the element at `offset`. Fails (with the reason) for
 * indefinite or oversized lengths and when the declared length runs past the end of the bytes,
 * which is how a truncated DER file shows itself.
 */
export function readTlv(bytes: Uint8Array, offset = 0): Result<Tlv> {
  const tag = bytes[offset];
  if (tag === undefined) return fail("no ASN.1 element (empty)");
  let pos = offset + 1;
  if ((tag & 0x1f) === 0x1f) {
    while ((bytes[pos] ?? 0) & 0x80) pos++;
    pos++;
  }
  const first = bytes[pos];
  if (first === undefined) return fail("ASN.1 header cut short");
  pos++;
  let length = first;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0) return fail("indefinite ASN.1 length (BER, not DER)");
    if (count > 4) return fail(`ASN.1 length of ${count} bytes is too large`);
    length = 0;
    for (let i = 0; i < count; i++) {
      const b = bytes[pos++];
      if (b === undefined) return fail("ASN.1 header cut short");
      length = length * 256 + b;
    }
  }
  const end = pos + length;
  if (end > bytes.length) {
    return fail(
      `truncated DER: the element declares ${end - offset} bytes but only ${bytes.length - offset} are present`,
    );
  }
  return ok({ tag, headerLength: pos - offset, length, end });
}
