/**
 * PKCS#12 bundles built to cost key derivations: a node certificate in a plain safe, beside one or
 * more password-encrypted safes (PBES2: PBKDF2 then AES-CBC) whose parameters are hostile — an
 * iteration count at, over or far over the cap, zero or negative, a salt of no or many bytes, an
 * unknown PRF or cipher, an IV of the wrong length — and whose ciphertext is noise. The analysis
 * must refuse what is over its caps before any work and spend at most its run's budget on the rest;
 * the node's own files are untouched. Written by hand in DER, so a case is its seed alone.
 */
import { Buffer } from "node:buffer";
import type { LoadedEntry } from "../corpus";
import type { Prng } from "../prng";
import type { ArchiveShape } from "./archive-cases";
import { explicit0, integer, NULL, octets, oid, seq, tlv } from "../../../lib/test-support/der-writer";
import { pemBlocks } from "./pem-blocks";

const ID_DATA = "1.2.840.113549.1.7.1";
const ID_ENCRYPTED_DATA = "1.2.840.113549.1.7.6";
const CERT_BAG = "1.2.840.113549.1.12.10.1.3";
const X509_CERT = "1.2.840.113549.1.9.22.1";
const PBES2 = "1.2.840.113549.1.5.13";
const PBKDF2 = "1.2.840.113549.1.5.12";
const HMAC_SHA256 = "1.2.840.113549.2.9";
const AES_256_CBC = "2.16.840.1.101.3.4.1.42";

/** Iteration counts around the caps (1,000,000 a derivation, 2,000,000 a run) and nonsense. */
const ITERATIONS: readonly bigint[] = [
  1n,
  2048n,
  1_000_000n,
  1_000_001n,
  10_000_000n,
  2_147_483_647n,
  2n ** 53n + 1n,
  2n ** 64n,
  0n,
  -1n,
  -2048n,
];

function pbes2(rng: Prng): Uint8Array {
  const iterations = rng.chance(0.1) ? 999_999n : rng.pick(ITERATIONS);
  const salt = rng.pick([0, 8, 16, 4096]);
  const prf = rng.chance(0.85) ? HMAC_SHA256 : "1.2.840.113549.2.99";
  const cipher = rng.chance(0.85) ? AES_256_CBC : "2.16.840.1.101.3.4.1.99";
  const iv = rng.chance(0.85) ? 16 : rng.pick([0, 8, 17]);
  const kdfParams = seq(
    octets(rng.bytes(salt)),
    integer(iterations),
    ...(rng.chance(0.2) ? [integer(BigInt(rng.pick([0, 32, 0x7fffffff])))] : []),
    seq(oid(prf), NULL),
  );
  return seq(oid(PBES2), seq(seq(oid(PBKDF2), kdfParams), seq(oid(cipher), octets(rng.bytes(iv)))));
}

/** An encrypted safe: EncryptedData under hostile PBES2 parameters, noise as ciphertext. */
function encryptedSafe(rng: Prng): Uint8Array {
  const encrypted = tlv(0x80, rng.bytes(16 * rng.range(1, 8)));
  const content = seq(integer(0n), seq(oid(ID_DATA), pbes2(rng), encrypted));
  return seq(oid(ID_ENCRYPTED_DATA), explicit0(content));
}

/** A plain safe holding one certificate bag. */
function certificateSafe(der: Uint8Array): Uint8Array {
  const bag = seq(oid(CERT_BAG), explicit0(seq(oid(X509_CERT), explicit0(octets(der)))));
  return seq(oid(ID_DATA), explicit0(octets(seq(bag))));
}

/** The node's first certificate, as DER (a PEM block of one of its files). */
function someCertificate(node: LoadedEntry, rng: Prng): Uint8Array {
  const decoder = new TextDecoder();
  const ders = node.files.flatMap((file) => {
    const text = decoder.decode(file.bytes);
    return pemBlocks(text)
      .filter((block) => block.label === "CERTIFICATE")
      .map((block) => Uint8Array.from(Buffer.from(text.slice(block.bodyStart, block.bodyEnd), "base64")));
  });
  return ders.length > 0 ? rng.pick(ders) : new Uint8Array([0x30, 0x00]);
}

/**
 * One bundle as a person would be sent it: `certificate` in a plain safe and one safe encrypted
 * under PBKDF2-HMAC-SHA256 with `iterations` (8 bytes of salt, AES-256-CBC; noise as ciphertext).
 */
export function pkcs12WithIterations(iterations: bigint, certificate: Uint8Array): Uint8Array {
  const kdfParams = seq(octets(new Uint8Array(8).fill(7)), integer(iterations), seq(oid(HMAC_SHA256), NULL));
  const algorithm = seq(
    oid(PBES2),
    seq(seq(oid(PBKDF2), kdfParams), seq(oid(AES_256_CBC), octets(new Uint8Array(16).fill(1)))),
  );
  const encrypted = seq(
    oid(ID_ENCRYPTED_DATA),
    explicit0(seq(integer(0n), seq(oid(ID_DATA), algorithm, tlv(0x80, new Uint8Array(32).fill(9))))),
  );
  const authSafe = seq(certificateSafe(certificate), encrypted);
  return seq(integer(3n), seq(oid(ID_DATA), explicit0(octets(authSafe))));
}

/** One to four such bundles beside the node's files. */
export function kdfCase(node: LoadedEntry, rng: Prng): ArchiveShape {
  const changes = Array.from({ length: rng.range(1, 4) }, (_, i) => {
    const safes = Array.from({ length: rng.range(1, 3) }, () => encryptedSafe(rng));
    safes.splice(rng.int(safes.length + 1), 0, certificateSafe(someCertificate(node, rng)));
    const authSafe = seq(...safes);
    const pfx = seq(integer(3n), seq(oid(ID_DATA), explicit0(octets(authSafe))));
    return { path: `etc/pki/bundle-${i}.${rng.pick(["p12", "pfx", "bin"])}`, bytes: pfx };
  });
  return { replaceAll: false, changes, touched: [], target: changes[0]?.path ?? "" };
}
