/**
 * The password-based encryption structures a PKCS#12 file wraps its contents in, which the
 * @peculiar packages do not model: PKCS#7 EncryptedData (RFC 5652 §8), PBES2 and PBKDF2
 * parameters (RFC 8018 A.2, A.4) and the PKCS#12 PBE parameters (RFC 7292 Appendix C).
 *
 * The ASN.1 fields are declared by calling the schema's property decorator as a function after
 * each class: the same registration as `@AsnProp`, but independent of how a tool compiles
 * decorators (the test runner's TypeScript transform only knows the standard ones).
 */
import { AsnProp, AsnPropTypes } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";

type PropOptions = Parameters<typeof AsnProp>[0];

/** Register each field's ASN.1 type on a class, in the order they are encoded. */
function fields(target: { prototype: object }, spec: [string, PropOptions][]): void {
  for (const [name, options] of spec) AsnProp(options)(target.prototype, name);
}

/** EncryptedContentInfo with the primitive `[0] IMPLICIT OCTET STRING` OpenSSL writes. */
export class EncryptedContentInfo {
  contentType = "";
  contentEncryptionAlgorithm = new AlgorithmIdentifier();
  encryptedContent?: ArrayBuffer;
}
fields(EncryptedContentInfo, [
  ["contentType", { type: AsnPropTypes.ObjectIdentifier }],
  ["contentEncryptionAlgorithm", { type: AlgorithmIdentifier }],
  ["encryptedContent", { type: AsnPropTypes.OctetString, context: 0, implicit: true, optional: true }],
]);

/** PKCS#7 EncryptedData: a version and the encrypted content. */
export class EncryptedData {
  version = 0;
  encryptedContentInfo = new EncryptedContentInfo();
}
fields(EncryptedData, [
  ["version", { type: AsnPropTypes.Integer }],
  ["encryptedContentInfo", { type: EncryptedContentInfo }],
]);

/** PBES2-params: how the key is derived and which cipher it feeds. */
export class Pbes2Params {
  keyDerivationFunc = new AlgorithmIdentifier();
  encryptionScheme = new AlgorithmIdentifier();
}
fields(Pbes2Params, [
  ["keyDerivationFunc", { type: AlgorithmIdentifier }],
  ["encryptionScheme", { type: AlgorithmIdentifier }],
]);

/** PBKDF2-params with a specified salt (the only kind in use); `prf` defaults to HMAC-SHA-1. */
export class Pbkdf2Params {
  salt = new ArrayBuffer(0);
  iterationCount = 0;
  keyLength?: number;
  prf?: AlgorithmIdentifier;
}
fields(Pbkdf2Params, [
  ["salt", { type: AsnPropTypes.OctetString }],
  ["iterationCount", { type: AsnPropTypes.Integer }],
  ["keyLength", { type: AsnPropTypes.Integer, optional: true }],
  ["prf", { type: AlgorithmIdentifier, optional: true }],
]);

/** pkcs-12PbeParams: the legacy PKCS#12 schemes' salt and iteration count. */
export class Pkcs12PbeParams {
  salt = new ArrayBuffer(0);
  iterations = 0;
}
fields(Pkcs12PbeParams, [
  ["salt", { type: AsnPropTypes.OctetString }],
  ["iterations", { type: AsnPropTypes.Integer }],
]);
