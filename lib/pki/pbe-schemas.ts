/**
 * The password-based encryption structures a PKCS#12 file wraps its contents in, which the
 * @peculiar packages do not model: PKCS#7 EncryptedData (RFC 5652 §8), PBES2 and PBKDF2
 * parameters (RFC 8018 A.2, A.4) and the PKCS#12 PBE parameters (RFC 7292 Appendix C).
 */
import { AsnProp, AsnPropTypes } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";

/** EncryptedContentInfo with the primitive `[0] IMPLICIT OCTET STRING` OpenSSL writes. */
export class EncryptedContentInfo {
  @AsnProp({ type: AsnPropTypes.ObjectIdentifier })
  contentType = "";

  @AsnProp({ type: AlgorithmIdentifier })
  contentEncryptionAlgorithm = new AlgorithmIdentifier();

  @AsnProp({ type: AsnPropTypes.OctetString, context: 0, implicit: true, optional: true })
  encryptedContent?: ArrayBuffer;
}

/** PKCS#7 EncryptedData: a version and the encrypted content. */
export class EncryptedData {
  @AsnProp({ type: AsnPropTypes.Integer })
  version = 0;

  @AsnProp({ type: EncryptedContentInfo })
  encryptedContentInfo = new EncryptedContentInfo();
}

/** PBES2-params: how the key is derived and which cipher it feeds. */
export class Pbes2Params {
  @AsnProp({ type: AlgorithmIdentifier })
  keyDerivationFunc = new AlgorithmIdentifier();

  @AsnProp({ type: AlgorithmIdentifier })
  encryptionScheme = new AlgorithmIdentifier();
}

/** PBKDF2-params with a specified salt (the only kind in use); `prf` defaults to HMAC-SHA-1. */
export class Pbkdf2Params {
  @AsnProp({ type: AsnPropTypes.OctetString })
  salt = new ArrayBuffer(0);

  @AsnProp({ type: AsnPropTypes.Integer })
  iterationCount = 0;

  @AsnProp({ type: AsnPropTypes.Integer, optional: true })
  keyLength?: number;

  @AsnProp({ type: AlgorithmIdentifier, optional: true })
  prf?: AlgorithmIdentifier;
}

/** pkcs-12PbeParams: the legacy PKCS#12 schemes' salt and iteration count. */
export class Pkcs12PbeParams {
  @AsnProp({ type: AsnPropTypes.OctetString })
  salt = new ArrayBuffer(0);

  @AsnProp({ type: AsnPropTypes.Integer })
  iterations = 0;
}
