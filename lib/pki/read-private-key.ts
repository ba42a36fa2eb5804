/**
 * Private keys in every container a Kubernetes PKI uses — PKCS#1 (`RSA PRIVATE KEY`, kubeadm's
 * RSA default), SEC1 (`EC PRIVATE KEY`), PKCS#8 (`PRIVATE KEY`) and encrypted PKCS#8 — reduced to
 * their format and public half. The public half is read from the key data where it is there (RSA
 * modulus, SEC1 publicKey); otherwise the key is handed to `derivePublicKey` once and dropped.
 */
import { ECParameters, ECPrivateKey } from "@peculiar/asn1-ecc";
import { EncryptedPrivateKeyInfo, PrivateKeyInfo } from "@peculiar/asn1-pkcs8";
import { RSAPrivateKey } from "@peculiar/asn1-rsa";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import type { PrivateKeyRecord, PublicKeyInfo } from "../inventory";
import { toUint8 } from "../shared/bytes";
import { CURVES, OID } from "./oid-names";
import { ecPublicKeyInfo, namedCurveOf, rsaPublicKeyInfo } from "./public-key-info";
import { readPrivateKeyDer } from "./read-private-key-der";
import { errorMessage, fail, ok, type Result } from "../shared/result";

/** A key whose public half must be computed with WebCrypto from its PKCS#8 encoding. */
export interface DeriveRequest {
  algorithm: "ECDSA" | "Ed25519" | "Ed448";
  /** The EC curve OID (ECDSA only). */
  curveOid?: string;
  /** PKCS#8 bytes, held only until derivation; never copied into a record. */
  pkcs8: Uint8Array;
}

export interface ParsedPrivateKey {
  format: PrivateKeyRecord["format"];
  encrypted: boolean;
  publicKey?: PublicKeyInfo;
  derive?: DeriveRequest;
  /** Why the public half is unavailable, when it is and the key is not simply encrypted. */
  note?: string;
}

/** PKCS#1 RSAPrivateKey: the modulus and exponent are in the key. */
export function readPkcs1PrivateKey(der: Uint8Array): Result<ParsedPrivateKey> {
  const fast = readPrivateKeyDer(der, "pkcs1");
  if (fast) return ok(fast);
  try {
    const key = AsnConvert.parse(der, RSAPrivateKey);
    return ok({
      format: "pkcs1",
      encrypted: false,
      publicKey: rsaPublicKeyInfo(key.modulus, key.publicExponent),
    });
  } catch (error) {
    return fail(`not a PKCS#1 RSA private key: ${errorMessage(error)}`);
  }
}

function wrapSec1(sec1: Uint8Array, curveOid: string): Uint8Array {
  const info = new PrivateKeyInfo({
    version: 0,
    privateKeyAlgorithm: new AlgorithmIdentifier({
      algorithm: OID.ecPublicKey,
      parameters: AsnConvert.serialize(new ECParameters({ namedCurve: curveOid })),
    }),
    privateKey: new OctetString(sec1),
  });
  return toUint8(AsnConvert.serialize(info));
}

/**
 * SEC1 ECPrivateKey, standalone or inside PKCS#8 (then the curve may come from the outer
 * algorithm identifier). Without its optional publicKey field the point must be derived.
 */
export function readSec1PrivateKey(
  der: Uint8Array,
  outerCurveOid?: string,
  format: PrivateKeyRecord["format"] = "sec1",
  pkcs8?: Uint8Array,
): Result<ParsedPrivateKey> {
  if (outerCurveOid === undefined && format === "sec1") {
    const fast = readPrivateKeyDer(der, "sec1");
    if (fast) return ok(fast);
  }
  let key: ECPrivateKey;
  try {
    key = AsnConvert.parse(der, ECPrivateKey);
  } catch (error) {
    return fail(`not a SEC1 EC private key: ${errorMessage(error)}`);
  }
  if (key.version !== 1) return fail(`not a SEC1 EC private key: version ${key.version}`);
  const curveOid = key.parameters?.namedCurve ?? outerCurveOid;
  if (!curveOid) return fail("EC private key without a named curve");
  if (key.publicKey && key.publicKey.byteLength > 0) {
    return ok({ format, encrypted: false, publicKey: ecPublicKeyInfo(curveOid, key.publicKey) });
  }
  const request: DeriveRequest = { algorithm: "ECDSA", curveOid, pkcs8: pkcs8 ?? wrapSec1(der, curveOid) };
  return ok({ format, encrypted: false, derive: request });
}

/** PKCS#8 PrivateKeyInfo: unwrap to the inner RSA or SEC1 key; EdDSA keys need derivation. */
export function readPkcs8PrivateKey(der: Uint8Array): Result<ParsedPrivateKey> {
  const fast = readPrivateKeyDer(der, "pkcs8");
  if (fast) return ok(fast);
  let info: PrivateKeyInfo;
  try {
    info = AsnConvert.parse(der, PrivateKeyInfo);
  } catch (error) {
    return fail(`not a PKCS#8 private key: ${errorMessage(error)}`);
  }
  const oid = info.privateKeyAlgorithm.algorithm;
  const inner = toUint8(info.privateKey.buffer);
  if (oid === OID.rsaEncryption || oid === OID.rsassaPss) {
    const rsa = readPkcs1PrivateKey(inner);
    return rsa.ok ? ok({ ...rsa.value, format: "pkcs8" }) : rsa;
  }
  if (oid === OID.ecPublicKey) {
    const curve = namedCurveOf(info.privateKeyAlgorithm.parameters);
    return readSec1PrivateKey(inner, curve.ok ? curve.value : undefined, "pkcs8", der);
  }
  if (oid === OID.ed25519 || oid === OID.ed448) {
    const algorithm = oid === OID.ed25519 ? "Ed25519" : "Ed448";
    return ok({ format: "pkcs8", encrypted: false, derive: { algorithm, pkcs8: der } });
  }
  const known = CURVES[oid]?.[0] ?? oid;
  return ok({ format: "pkcs8", encrypted: false, note: `unsupported private key algorithm ${known}` });
}

/** PKCS#8 EncryptedPrivateKeyInfo: recognised, but its public half cannot be read. */
export function readEncryptedPkcs8(der: Uint8Array): Result<ParsedPrivateKey> {
  try {
    AsnConvert.parse(der, EncryptedPrivateKeyInfo);
    return ok({ format: "encrypted-pkcs8", encrypted: true });
  } catch (error) {
    return fail(`not an encrypted PKCS#8 private key: ${errorMessage(error)}`);
  }
}
