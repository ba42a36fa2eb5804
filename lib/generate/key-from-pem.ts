/**
 * Key material read back from a PEM private key that was written before (PKCS#1, SEC1 or PKCS#8),
 * so a regeneration signs with the very keys earlier files hold instead of generating new ones —
 * which in a browser would mean seconds of RSA key generation. Pure ASN.1 and WebCrypto: PKCS#1 and
 * SEC1 keys are wrapped into PKCS#8 the way OpenSSL wraps them, PKCS#8 keys are kept byte for byte,
 * and the renderer re-encodes each key exactly as it would a generated one.
 */
import { ECParameters, ECPrivateKey } from "@peculiar/asn1-ecc";
import { PrivateKeyInfo } from "@peculiar/asn1-pkcs8";
import { RSAPrivateKey, RSAPublicKey } from "@peculiar/asn1-rsa";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier, SubjectPublicKeyInfo } from "@peculiar/asn1-x509";

import { decodeBase64 } from "../shared/base64";
import { bitLength, concatBytes, toUint8 } from "../shared/bytes";
import { OID } from "../pki/oid-names";
import { keyIdOf, type KeyMaterial } from "./keys";
import type { KeySpec } from "./node-model";

const P256 = "1.2.840.10045.3.1.7";

/** What a PEM key turned out to be: its spec when the generator can use it, and its encodings. */
interface ReadKey {
  found: KeySpec | undefined;
  pkcs8: Uint8Array<ArrayBuffer>;
  spki: Uint8Array<ArrayBuffer>;
}

const der = (value: ArrayBuffer) => new Uint8Array(value);

function rsaAlgorithm(): AlgorithmIdentifier {
  return new AlgorithmIdentifier({ algorithm: OID.rsaEncryption, parameters: null });
}

function ecAlgorithm(curveOid: string): AlgorithmIdentifier {
  return new AlgorithmIdentifier({
    algorithm: OID.ecPublicKey,
    parameters: AsnConvert.serialize(new ECParameters({ namedCurve: curveOid })),
  });
}

function fromPkcs1(pkcs1: Uint8Array, pkcs8?: Uint8Array<ArrayBuffer>): ReadKey {
  const key = AsnConvert.parse(pkcs1, RSAPrivateKey);
  const bits = bitLength(toUint8(key.modulus));
  const publicKey = new RSAPublicKey({ modulus: key.modulus, publicExponent: key.publicExponent });
  const spki = new SubjectPublicKeyInfo({
    algorithm: rsaAlgorithm(),
    subjectPublicKey: AsnConvert.serialize(publicKey),
  });
  const wrapped = new PrivateKeyInfo({
    version: 0,
    privateKeyAlgorithm: rsaAlgorithm(),
    privateKey: new OctetString(pkcs1),
  });
  return {
    found: bits === 1024 || bits === 2048 ? { algorithm: "RSA", bits } : undefined,
    pkcs8: pkcs8 ?? der(AsnConvert.serialize(wrapped)),
    spki: der(AsnConvert.serialize(spki)),
  };
}

/** PKCS#8 of an EC key as OpenSSL writes it: the curve outside, the inner key without it. */
function wrapEc(key: ECPrivateKey, curveOid: string, publicKey?: ArrayBuffer): Uint8Array<ArrayBuffer> {
  const inner = new ECPrivateKey({ version: 1, privateKey: key.privateKey });
  if (publicKey) inner.publicKey = publicKey;
  const info = new PrivateKeyInfo({
    version: 0,
    privateKeyAlgorithm: ecAlgorithm(curveOid),
    privateKey: new OctetString(AsnConvert.serialize(inner)),
  });
  return der(AsnConvert.serialize(info));
}

/** The uncompressed point of a key written without it, computed by WebCrypto from the scalar. */
async function derivePoint(pkcs8: Uint8Array<ArrayBuffer>, crypto: Crypto): Promise<ArrayBuffer> {
  const algorithm = { name: "ECDSA", namedCurve: "P-256" };
  const key = await crypto.subtle.importKey("pkcs8", pkcs8, algorithm, true, ["sign"]);
  const jwk = await crypto.subtle.exportKey("jwk", key);
  const x = decodeBase64(jwk.x ?? "", "url");
  const y = decodeBase64(jwk.y ?? "", "url");
  if (!x.ok || !y.ok) throw new Error("WebCrypto exported an EC key without its point");
  return toUint8(concatBytes(Uint8Array.of(4), x.value, y.value)).slice().buffer;
}

async function fromSec1(
  sec1: Uint8Array,
  crypto: Crypto,
  outerCurveOid?: string,
  pkcs8?: Uint8Array<ArrayBuffer>,
): Promise<ReadKey> {
  const key = AsnConvert.parse(sec1, ECPrivateKey);
  const curveOid = key.parameters?.namedCurve ?? outerCurveOid ?? "";
  const point = key.publicKey ?? (await derivePoint(wrapEc(key, curveOid), crypto));
  const spki = new SubjectPublicKeyInfo({ algorithm: ecAlgorithm(curveOid), subjectPublicKey: point });
  return {
    found: curveOid === P256 ? { algorithm: "ECDSA-P256" } : undefined,
    pkcs8: pkcs8 ?? wrapEc(key, curveOid, point),
    spki: der(AsnConvert.serialize(spki)),
  };
}

async function fromPkcs8(pkcs8: Uint8Array<ArrayBuffer>, crypto: Crypto): Promise<ReadKey> {
  const info = AsnConvert.parse(pkcs8, PrivateKeyInfo);
  const inner = toUint8(info.privateKey.buffer);
  switch (info.privateKeyAlgorithm.algorithm) {
    case OID.rsaEncryption:
      return fromPkcs1(inner, pkcs8);
    case OID.ecPublicKey: {
      const parameters = info.privateKeyAlgorithm.parameters;
      const curve = parameters ? AsnConvert.parse(parameters, ECParameters).namedCurve : undefined;
      return fromSec1(inner, crypto, curve, pkcs8);
    }
    default:
      throw new Error(`key algorithm ${info.privateKeyAlgorithm.algorithm} is neither RSA nor EC`);
  }
}

function describeSpec(spec: KeySpec): string {
  return spec.algorithm === "RSA" ? `RSA-${spec.bits}` : spec.algorithm;
}

const PEM_KEY = /-----BEGIN (RSA PRIVATE KEY|EC PRIVATE KEY|PRIVATE KEY)-----\r?\n([\s\S]*?)-----END \1-----/;

/**
 * Key material from the first private key block of `pem`, checked against the spec the model asks
 * for. A key of another type or size, or text without a key, is a bug in the caller's mapping of
 * key ids to files (the files were not written from this model), so it throws.
 */
export async function keyMaterialFromPem(pem: string, spec: KeySpec, crypto: Crypto): Promise<KeyMaterial> {
  const match = PEM_KEY.exec(pem);
  const body = match?.[2] === undefined ? undefined : decodeBase64(match[2]);
  if (!match || !body?.ok) throw new Error("no readable private key block");
  const bytes = toUint8(body.value).slice();
  const read =
    match[1] === "RSA PRIVATE KEY"
      ? fromPkcs1(bytes)
      : match[1] === "EC PRIVATE KEY"
        ? await fromSec1(bytes, crypto)
        : await fromPkcs8(bytes, crypto);
  if (!read.found || JSON.stringify(read.found) !== JSON.stringify(spec)) {
    throw new Error(
      `key is ${read.found ? describeSpec(read.found) : "of another type"}, not ${describeSpec(spec)}`,
    );
  }
  return { spec, pkcs8: read.pkcs8, spki: read.spki, keyId: await keyIdOf(read.spki, crypto) };
}
