/**
 * Certificates built field by field and signed with real WebCrypto keys, for the cases no
 * certificate generator writes: duplicate extensions, unknown critical extensions, name
 * constraints, empty key usage, a malformed SAN, a P-192 or explicit-curve key, a negative serial.
 * The chain-engine tests and the Go differential test share it, so every case reaches both the
 * product and Go's crypto/x509 as the same bytes.
 */
import { integer, oid, octets, seq, tlv } from "./der-writer";

export interface CraftKey {
  algorithm: "ECDSA" | "RSA";
  privateKey: CryptoKey;
  spki: Uint8Array;
  keyId: Uint8Array;
}

/** A fresh signing key: ECDSA P-256 (fast) or RSA of `bits`. */
export async function craftKey(algorithm: "ECDSA" | "RSA", crypto: Crypto, bits = 2048): Promise<CraftKey> {
  const pair = (await crypto.subtle.generateKey(
    algorithm === "ECDSA"
      ? { name: "ECDSA", namedCurve: "P-256" }
      : {
          name: "RSASSA-PKCS1-v1_5",
          modulusLength: bits,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: "SHA-256",
        },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  const keyId = new Uint8Array(await crypto.subtle.digest("SHA-1", spki)).slice(0, 20);
  return { algorithm, privateKey: pair.privateKey, spki, keyId };
}

const text = (value: string) => new TextEncoder().encode(value);
const bool = (value: boolean) => tlv(0x01, new Uint8Array([value ? 0xff : 0x00]));

/** A Name of one CN (UTF8String), optionally after O values; or DER given as is. */
export function name(cn: string, o: string[] = []): Uint8Array {
  const rdn = (type: string, value: string) => tlv(0x31, seq(oid(type), tlv(0x0c, text(value))));
  return seq(...o.map((value) => rdn("2.5.4.10", value)), rdn("2.5.4.3", cn));
}

/** One Extension: OID, critical when asked, the value's DER in an OCTET STRING. */
export function extension(id: string, value: Uint8Array, critical = false): Uint8Array {
  return seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
}

export function basicConstraints(isCA: boolean, pathLen?: number, critical = true): Uint8Array {
  return extension(
    "2.5.29.19",
    seq(...(isCA ? [bool(true)] : []), ...(pathLen !== undefined ? [integer(BigInt(pathLen))] : [])),
    critical,
  );
}

/** Key usage from Go's bit numbers (0 digitalSignature … 5 keyCertSign, 6 cRLSign); [] writes no bit. */
export function keyUsage(bits: number[], critical = true): Uint8Array {
  let value = 0;
  for (const bit of bits) value |= 0x80 >> bit;
  const highest = bits.length === 0 ? -1 : Math.max(...bits);
  if (highest > 7) throw new Error("keyUsage: bits 0–7 only");
  const unused = highest < 0 ? 0 : 7 - highest;
  const content = highest < 0 ? new Uint8Array([0]) : new Uint8Array([unused, value]);
  return extension("2.5.29.15", tlv(0x03, content), critical);
}

export const EKU = {
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
  codeSigning: "1.3.6.1.5.5.7.3.3",
  any: "2.5.29.37.0",
} as const;

export function extKeyUsage(oids: string[]): Uint8Array {
  return extension("2.5.29.37", seq(...oids.map(oid)));
}

export interface SanNames {
  dns?: string[];
  ip?: Uint8Array[];
  email?: string[];
  uri?: string[];
  /** Raw GeneralName elements, written after the others. */
  raw?: Uint8Array[];
}

export function generalNames(names: SanNames): Uint8Array {
  return seq(
    ...(names.email ?? []).map((v) => tlv(0x81, text(v))),
    ...(names.dns ?? []).map((v) => tlv(0x82, text(v))),
    ...(names.uri ?? []).map((v) => tlv(0x86, text(v))),
    ...(names.ip ?? []).map((v) => tlv(0x87, v)),
    ...(names.raw ?? []),
  );
}

export function subjectAltName(names: SanNames, critical = false): Uint8Array {
  return extension("2.5.29.17", generalNames(names), critical);
}

export interface Subtrees {
  dns?: string[];
  /** Address and mask bytes together (8 or 32 bytes). */
  ip?: Uint8Array[];
  email?: string[];
  uri?: string[];
}

function subtrees(tag: number, trees: Subtrees): Uint8Array[] {
  const bases = [
    ...(trees.dns ?? []).map((v) => tlv(0x82, text(v))),
    ...(trees.ip ?? []).map((v) => tlv(0x87, v)),
    ...(trees.email ?? []).map((v) => tlv(0x81, text(v))),
    ...(trees.uri ?? []).map((v) => tlv(0x86, text(v))),
  ];
  return bases.length === 0 ? [] : [tlv(tag, ...bases.map((base) => seq(base)))];
}

export function nameConstraints(permitted: Subtrees, excluded: Subtrees, critical = true): Uint8Array {
  return extension("2.5.29.30", seq(...subtrees(0xa0, permitted), ...subtrees(0xa1, excluded)), critical);
}

export function subjectKeyId(keyId: Uint8Array): Uint8Array {
  return extension("2.5.29.14", octets(keyId));
}

export function authorityKeyId(keyId: Uint8Array): Uint8Array {
  return extension("2.5.29.35", seq(tlv(0x80, keyId)));
}

export function authorityInfoAccess(url: string): Uint8Array {
  return extension("1.3.6.1.5.5.7.1.1", seq(seq(oid("1.3.6.1.5.5.7.48.2"), tlv(0x86, text(url)))));
}

/** An IPv4 or IPv6 address's bytes. */
export function ipBytes(address: string): Uint8Array {
  if (address.includes(".")) return new Uint8Array(address.split(".").map(Number));
  const [head = "", tail = ""] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const front = groups(head);
  const back = address.includes("::") ? groups(tail) : [];
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return new Uint8Array(all.flatMap((g) => [g >> 8, g & 0xff]));
}

function utcTime(date: Date): Uint8Array {
  const iso = date.toISOString();
  const year = date.getUTCFullYear();
  const digits =
    iso.slice(2, 4) +
    iso.slice(5, 7) +
    iso.slice(8, 10) +
    iso.slice(11, 13) +
    iso.slice(14, 16) +
    iso.slice(17, 19);
  if (year >= 1950 && year < 2050) return tlv(0x17, text(`${digits}Z`));
  return tlv(0x18, text(`${iso.slice(0, 4)}${digits.slice(2)}Z`));
}

export interface CraftSpec {
  subject: Uint8Array;
  issuer: Uint8Array;
  serial?: bigint;
  notBefore: Date;
  notAfter: Date;
  /** The subject's SubjectPublicKeyInfo. */
  spki: Uint8Array;
  extensions: Uint8Array[];
  signer: CraftKey;
  /** DER AlgorithmIdentifier to write instead of the signer's (the signature stays the signer's). */
  signatureAlgorithm?: Uint8Array;
  /** Hash for the signature (SHA-256 unless told). */
  hash?: "SHA-1" | "SHA-256" | "SHA-384";
}

const ALGORITHM_OIDS: Record<string, string> = {
  "RSA/SHA-1": "1.2.840.113549.1.1.5",
  "RSA/SHA-256": "1.2.840.113549.1.1.11",
  "RSA/SHA-384": "1.2.840.113549.1.1.12",
  "ECDSA/SHA-1": "1.2.840.10045.4.1",
  "ECDSA/SHA-256": "1.2.840.10045.4.3.2",
  "ECDSA/SHA-384": "1.2.840.10045.4.3.3",
};

/** r||s from WebCrypto as the DER SEQUENCE of two INTEGERs a certificate carries. */
function ecdsaDer(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  const asInteger = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.subarray(start);
    const padded = (trimmed[0] ?? 0) & 0x80 ? new Uint8Array([0, ...trimmed]) : trimmed;
    return tlv(0x02, padded);
  };
  return seq(asInteger(raw.subarray(0, half)), asInteger(raw.subarray(half)));
}

/** An RSA key is bound to its hash in WebCrypto: the same key again, for another hash. */
async function signingKey(key: CraftKey, hash: string, crypto: Crypto): Promise<CryptoKey> {
  if (key.algorithm !== "RSA" || hash === "SHA-256") return key.privateKey;
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", key.privateKey);
  return crypto.subtle.importKey("pkcs8", pkcs8, { name: "RSASSA-PKCS1-v1_5", hash }, false, ["sign"]);
}

let serialCounter = 1n;

/** A signed certificate (DER). Version 3; a fresh positive serial unless one is given. */
export async function craftCertificate(spec: CraftSpec, crypto: Crypto): Promise<Uint8Array> {
  const hash = spec.hash ?? "SHA-256";
  const algorithmOid = ALGORITHM_OIDS[`${spec.signer.algorithm}/${hash}`] ?? "";
  const algorithm =
    spec.signatureAlgorithm ??
    (spec.signer.algorithm === "RSA" ? seq(oid(algorithmOid), tlv(0x05)) : seq(oid(algorithmOid)));
  const tbs = seq(
    tlv(0xa0, integer(2n)),
    integer(spec.serial ?? 0x1000n + serialCounter++),
    algorithm,
    spec.issuer,
    seq(utcTime(spec.notBefore), utcTime(spec.notAfter)),
    spec.subject,
    spec.spki,
    ...(spec.extensions.length > 0 ? [tlv(0xa3, seq(...spec.extensions))] : []),
  );
  const params =
    spec.signer.algorithm === "RSA" ? { name: "RSASSA-PKCS1-v1_5" } : { name: "ECDSA", hash: { name: hash } };
  const raw = new Uint8Array(
    await crypto.subtle.sign(
      params,
      await signingKey(spec.signer, hash, crypto),
      tbs as Uint8Array<ArrayBuffer>,
    ),
  );
  const signature = spec.signer.algorithm === "RSA" ? raw : ecdsaDer(raw);
  return seq(tbs, algorithm, tlv(0x03, new Uint8Array([0, ...signature])));
}
