/**
 * PublicKeyInfo: a public key reduced to a canonical string so that a certificate, a private key
 * and a public-key file can be matched by plain string comparison — no crypto, no key import.
 * See `PublicKeyInfo.canonical` in lib/inventory.ts for the forms.
 */
import { ECParameters } from "@peculiar/asn1-ecc";
import { RSAPublicKey } from "@peculiar/asn1-rsa";
import { AsnConvert } from "@peculiar/asn1-schema";
import { SubjectPublicKeyInfo } from "@peculiar/asn1-x509";
import type { PublicKeyInfo } from "../inventory";
import { bitLength, stripLeadingZeros, toHex, toUint8 } from "../shared/bytes";
import { uncompressPoint } from "./ec-point";
import { CURVES, OID } from "./oid-names";
import { errorMessage, fail, ok, type Result } from "../shared/result";

/** An RSA key from its modulus and public exponent (leading zero bytes ignored). */
export function rsaPublicKeyInfo(
  modulus: ArrayBuffer | Uint8Array,
  exponent: ArrayBuffer | Uint8Array,
): PublicKeyInfo {
  const n = stripLeadingZeros(toUint8(modulus));
  const e = stripLeadingZeros(toUint8(exponent));
  const bits = bitLength(n);
  return { algorithm: "RSA", bits, canonical: `rsa:${toHex(n)}:${toHex(e)}`, label: `RSA ${bits}` };
}

/**
 * An EC key from its curve OID and public point. Unknown curves keep their OID as the name; a
 * compressed point on a NIST curve is expanded so both encodings give the same identity.
 */
export function ecPublicKeyInfo(curveOid: string, point: ArrayBuffer | Uint8Array): PublicKeyInfo {
  const [curve, bits] = CURVES[curveOid] ?? [curveOid, 0];
  const full = uncompressPoint(curve, toUint8(point));
  return {
    algorithm: "ECDSA",
    bits,
    curve,
    canonical: `ec:${curve}:${toHex(full)}`,
    label: `ECDSA ${curve}`,
  };
}

/** An EdDSA key from its raw public bytes. */
export function edPublicKeyInfo(
  algorithm: "Ed25519" | "Ed448",
  raw: ArrayBuffer | Uint8Array,
): PublicKeyInfo {
  const bits = algorithm === "Ed25519" ? 256 : 448;
  return { algorithm, bits, canonical: `${algorithm.toLowerCase()}:${toHex(raw)}`, label: algorithm };
}

/** The named curve OID in EC AlgorithmIdentifier parameters, or why there is none. */
export function namedCurveOf(parameters: ArrayBuffer | null | undefined): Result<string> {
  if (!parameters) return fail("EC key without curve parameters");
  try {
    const params = AsnConvert.parse(parameters, ECParameters);
    if (params.namedCurve) return ok(params.namedCurve);
    return fail("EC key with explicit curve parameters (only named curves are supported)");
  } catch (error) {
    return fail(`unreadable EC curve parameters: ${errorMessage(error)}`);
  }
}

/**
 * The PublicKeyInfo of a parsed SubjectPublicKeyInfo (certificates, CSRs, PUBLIC KEY files).
 * Algorithms we cannot decompose (DSA, X25519, ...) still get a stable identity: the SPKI hex.
 */
export function publicKeyFromSpki(spki: SubjectPublicKeyInfo): Result<PublicKeyInfo> {
  const oid = spki.algorithm.algorithm;
  try {
    if (oid === OID.rsaEncryption || oid === OID.rsassaPss) {
      const key = AsnConvert.parse(spki.subjectPublicKey, RSAPublicKey);
      return ok(rsaPublicKeyInfo(key.modulus, key.publicExponent));
    }
    if (oid === OID.ecPublicKey) {
      const curve = namedCurveOf(spki.algorithm.parameters);
      // Explicit parameters: no component's Go code loads such a key ("x509: invalid ECDSA
      // parameters"), but the certificate is still read, so the edge that uses it is judged.
      if (!curve.ok && curve.reason.startsWith("EC key with explicit"))
        return ok({
          algorithm: "ECDSA",
          bits: 0,
          curve: "explicit parameters",
          canonical: `ec:explicit:${toHex(toUint8(spki.subjectPublicKey))}`,
          label: "ECDSA (explicit curve parameters)",
        });
      if (!curve.ok) return curve;
      return ok(ecPublicKeyInfo(curve.value, spki.subjectPublicKey));
    }
    if (oid === OID.ed25519) return ok(edPublicKeyInfo("Ed25519", spki.subjectPublicKey));
    if (oid === OID.ed448) return ok(edPublicKeyInfo("Ed448", spki.subjectPublicKey));
  } catch (error) {
    return fail(`unreadable public key: ${errorMessage(error)}`);
  }
  const der = toHex(AsnConvert.serialize(spki));
  return ok({ algorithm: "unknown", bits: 0, canonical: `spki:${der}`, label: `unknown (${oid})` });
}

/** Parse a DER SubjectPublicKeyInfo (`PUBLIC KEY`) into its PublicKeyInfo. */
export function readSpki(der: Uint8Array): Result<PublicKeyInfo> {
  let spki: SubjectPublicKeyInfo;
  try {
    spki = AsnConvert.parse(der, SubjectPublicKeyInfo);
  } catch (error) {
    return fail(`not a SubjectPublicKeyInfo: ${errorMessage(error)}`);
  }
  return publicKeyFromSpki(spki);
}

/**
 * Parse a DER PKCS#1 RSAPublicKey (`RSA PUBLIC KEY`) into its PublicKeyInfo. Two INTEGERs are a
 * common shape, so a modulus under 256 bits or an even exponent is rejected as not a key.
 */
export function readPkcs1PublicKey(der: Uint8Array): Result<PublicKeyInfo> {
  let key: RSAPublicKey;
  try {
    key = AsnConvert.parse(der, RSAPublicKey);
  } catch (error) {
    return fail(`not a PKCS#1 RSA public key: ${errorMessage(error)}`);
  }
  const info = rsaPublicKeyInfo(key.modulus, key.publicExponent);
  const exponent = toUint8(key.publicExponent);
  if (info.bits < 256 || ((exponent[exponent.length - 1] ?? 0) & 1) === 0) {
    return fail("not a PKCS#1 RSA public key: implausible modulus or exponent");
  }
  return ok(info);
}
