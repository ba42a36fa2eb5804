/**
 * What a signature check needs from a certificate, found by DER framing alone. Checking a child's
 * signature needs only the signed bytes, the algorithm and the signature value; decoding the whole
 * certificate again through the ASN.1 schema (ingest already did) cost more than the verification.
 */
import { readTlv, SEQUENCE_TAG, type Tlv } from "./der-tlv";
import { fail, ok, type Result } from "../shared/result";

const BIT_STRING_TAG = 0x03;

export interface CertificateParts {
  /** tbsCertificate exactly as encoded, header included: the bytes the signature covers. */
  tbs: Uint8Array<ArrayBuffer>;
  /** The DER of the outer signatureAlgorithm (an AlgorithmIdentifier). */
  signatureAlgorithm: Uint8Array<ArrayBuffer>;
  /** The signatureValue bits, without the BIT STRING's unused-bits byte. */
  signature: Uint8Array<ArrayBuffer>;
  /**
   * The subjectPublicKeyInfo as encoded, or undefined when the TBS's framing does not reach it:
   * what an issuer's key is imported from, without decoding the rest of the certificate.
   */
  subjectPublicKeyInfo?: Uint8Array<ArrayBuffer>;
}

/** The subjectPublicKeyInfo's bytes in a tbsCertificate: the sixth field, or seventh after [0] version. */
function publicKeyInfo(
  der: Uint8Array<ArrayBuffer>,
  tbs: Tlv,
  start: number,
): Uint8Array<ArrayBuffer> | undefined {
  let at = start + tbs.headerLength;
  if (der[at] === 0xa0) {
    const version = readTlv(der, at);
    if (!version.ok) return undefined;
    at = version.value.end;
  }
  for (let field = 0; field < 6 && at < tbs.end; field++) {
    const tlv = readTlv(der, at);
    if (!tlv.ok || tlv.value.end > tbs.end) return undefined;
    if (field === 5) return tlv.value.tag === SEQUENCE_TAG ? der.subarray(at, tlv.value.end) : undefined;
    at = tlv.value.end;
  }
  return undefined;
}

function element(der: Uint8Array, offset: number, limit: number, tag: number, what: string): Result<Tlv> {
  const tlv = readTlv(der, offset);
  if (!tlv.ok) return fail(`${what}: ${tlv.reason}`);
  if (tlv.value.tag !== tag) return fail(`${what}: unexpected ASN.1 tag 0x${tlv.value.tag.toString(16)}`);
  if (tlv.value.end > limit) return fail(`${what}: runs past the end of the certificate`);
  return tlv;
}

/**
 * Split a DER certificate (SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }) into
 * its three parts without decoding them. The parts are views into `der`, not copies. Fails with the
 * reason when the framing is not that of a certificate.
 */
export function splitCertificate(der: Uint8Array<ArrayBuffer>): Result<CertificateParts> {
  const outer = element(der, 0, der.length, SEQUENCE_TAG, "certificate");
  if (!outer.ok) return outer;
  const limit = outer.value.end;
  const tbs = element(der, outer.value.headerLength, limit, SEQUENCE_TAG, "tbsCertificate");
  if (!tbs.ok) return tbs;
  const algorithm = element(der, tbs.value.end, limit, SEQUENCE_TAG, "signatureAlgorithm");
  if (!algorithm.ok) return algorithm;
  const value = element(der, algorithm.value.end, limit, BIT_STRING_TAG, "signatureValue");
  if (!value.ok) return value;
  if (value.value.length < 1) return fail("signatureValue: empty BIT STRING");
  if (value.value.end !== limit) return fail("certificate: unexpected data after signatureValue");
  const bitsStart = algorithm.value.end + value.value.headerLength + 1;
  const spki = publicKeyInfo(der, tbs.value, outer.value.headerLength);
  return ok({
    tbs: der.subarray(outer.value.headerLength, tbs.value.end),
    signatureAlgorithm: der.subarray(tbs.value.end, algorithm.value.end),
    signature: der.subarray(bitsStart, value.value.end),
    ...(spki ? { subjectPublicKeyInfo: spki } : {}),
  });
}
