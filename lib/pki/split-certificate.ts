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
  return ok({
    tbs: der.subarray(outer.value.headerLength, tbs.value.end),
    signatureAlgorithm: der.subarray(tbs.value.end, algorithm.value.end),
    signature: der.subarray(bitsStart, value.value.end),
  });
}
