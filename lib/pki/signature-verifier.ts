/**
 * "Did this issuer sign this certificate?" — by signature only. @peculiar/x509 would also check
 * the validity period against the real clock unless told `signatureOnly`; validity is judged
 * elsewhere against the injected `now`, so an expired chain still verifies here.
 *
 * A child is not decoded again: its signed bytes, algorithm and signature are sliced out of the DER
 * (see split-certificate.ts), which halves the cost of a check. Issuers are parsed once for their
 * public key, imported keys are cached (key import costs ~5× a verify), and so are results per
 * (child, issuer) pair, because several relationships check the same chains.
 */
import { AsnConvert } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import type { CertificateRecord } from "../inventory";
import { toHex } from "../shared/bytes";
import { errorMessage } from "../shared/result";
import { splitCertificate, type CertificateParts } from "./split-certificate";
import * as x509 from "../x509";

export interface VerifyResult {
  ok: boolean;
  /** Why it did not verify: a bad signature, an algorithm the provider lacks, a key-type mismatch. */
  reason?: string;
}

export interface SignatureVerifier {
  /** True iff the issuer's public key verifies the child's signature. Never throws. */
  verify(child: CertificateRecord, issuer: CertificateRecord): Promise<boolean>;
  /** The same decision with the reason when it is false. */
  verifyDetailed(child: CertificateRecord, issuer: CertificateRecord): Promise<VerifyResult>;
}

type KeyResult = { key: CryptoKey } | { reason: string };

const algorithms = new x509.AlgorithmProvider();
/** @peculiar/x509's own order: ECDSA's DER (r, s) to raw r||s first, everything else as it is. */
const signatureFormatters: x509.IAsnSignatureFormatter[] = [
  new x509.AsnEcSignatureFormatter(),
  new x509.AsnDefaultSignatureFormatter(),
];

/** The signature value in the form WebCrypto verifies (what X509Certificate.verify passes it). */
function webSignature(algorithm: Algorithm, signature: Uint8Array<ArrayBuffer>): ArrayBuffer {
  for (const formatter of signatureFormatters) {
    const converted = formatter.toWebSignature(algorithm, signature);
    if (converted) return converted;
  }
  throw new Error("Cannot convert ASN.1 signature value to WebCrypto format");
}

function algorithmKey(algorithm: Algorithm & { hash?: unknown; namedCurve?: unknown }): string {
  const hash = algorithm.hash as { name?: string } | string | undefined;
  const hashName = typeof hash === "string" ? hash : hash?.name;
  return `${algorithm.name}/${hashName ?? ""}/${String(algorithm.namedCurve ?? "")}`;
}

/**
 * A verifier bound to one WebCrypto provider (`globalThis.crypto` in Node 20 and browsers).
 * Make one per analysis; its caches live as long as it does.
 */
export function createSignatureVerifier(crypto: Crypto): SignatureVerifier {
  const parsed = new Map<string, x509.PublicKey | string>();
  const split = new Map<string, CertificateParts | string>();
  const webAlgorithms = new Map<string, Algorithm | string>();
  const keys = new Map<string, Promise<KeyResult>>();
  const results = new Map<string, Promise<VerifyResult>>();

  /**
   * An issuer's public key, read from its subjectPublicKeyInfo alone (a tenth of decoding the
   * whole certificate, which a flood of same-name CAs made the cost of the analysis).
   */
  function issuerPublicKey(record: CertificateRecord): x509.PublicKey | string {
    let key = parsed.get(record.id);
    if (key === undefined) {
      try {
        const parts = signedParts(record);
        const spki = typeof parts === "string" ? undefined : parts.subjectPublicKeyInfo;
        key = spki
          ? new x509.PublicKey(spki)
          : new x509.X509Certificate(Uint8Array.from(record.der)).publicKey;
      } catch (error) {
        key = `unreadable certificate ${record.subject}: ${errorMessage(error)}`;
      }
      parsed.set(record.id, key);
    }
    return key;
  }

  function signedParts(record: CertificateRecord): CertificateParts | string {
    let parts = split.get(record.id);
    if (parts === undefined) {
      const result = splitCertificate(Uint8Array.from(record.der));
      parts = result.ok ? result.value : `unreadable certificate ${record.subject}: ${result.reason}`;
      split.set(record.id, parts);
    }
    return parts;
  }

  /** The WebCrypto algorithm of a signatureAlgorithm; a cluster uses only a handful of them. */
  function signatureAlgorithm(der: Uint8Array): Algorithm | string {
    const cacheKey = toHex(der);
    let algorithm = webAlgorithms.get(cacheKey);
    if (algorithm === undefined) {
      try {
        algorithm = algorithms.toWebAlgorithm(AsnConvert.parse(der, AlgorithmIdentifier)) as Algorithm;
      } catch (error) {
        algorithm = `unsupported signature algorithm: ${errorMessage(error)}`;
      }
      webAlgorithms.set(cacheKey, algorithm);
    }
    return algorithm;
  }

  function issuerKey(publicKey: x509.PublicKey, issuerId: string, signature: Algorithm): Promise<KeyResult> {
    // RSA PKCS#1 v1.5 binds the hash at import time, so one issuer may need one key per hash.
    const algorithm = { ...publicKey.algorithm, ...signature };
    const cacheKey = `${issuerId}|${algorithmKey(algorithm)}`;
    let pending = keys.get(cacheKey);
    if (!pending) {
      pending = publicKey.export(algorithm, ["verify"], crypto).then(
        (key): KeyResult => ({ key }),
        (error: unknown): KeyResult => ({
          reason: `issuer key (${publicKey.algorithm.name}) cannot verify a ${signature.name} signature: ${errorMessage(error)}`,
        }),
      );
      keys.set(cacheKey, pending);
    }
    return pending;
  }

  async function compute(child: CertificateRecord, issuer: CertificateRecord): Promise<VerifyResult> {
    const childParts = signedParts(child);
    const issuerKeyInfo = issuerPublicKey(issuer);
    if (typeof childParts === "string") return { ok: false, reason: childParts };
    if (typeof issuerKeyInfo === "string") return { ok: false, reason: issuerKeyInfo };
    const signature = signatureAlgorithm(childParts.signatureAlgorithm);
    if (typeof signature === "string") return { ok: false, reason: signature };
    const key = await issuerKey(issuerKeyInfo, issuer.id, signature);
    if ("reason" in key) return { ok: false, reason: key.reason };
    try {
      // As X509Certificate.verify with a CryptoKey and signatureOnly: validity is never looked at.
      const value = webSignature({ ...key.key.algorithm, ...signature }, childParts.signature);
      const valid = await crypto.subtle.verify(signature, key.key, value, childParts.tbs);
      return valid
        ? { ok: true }
        : { ok: false, reason: `signature does not verify with the key of ${issuer.subject}` };
    } catch (error) {
      return {
        ok: false,
        reason: `cannot verify a ${child.signatureAlgorithm} signature: ${errorMessage(error)}`,
      };
    }
  }

  function verifyDetailed(child: CertificateRecord, issuer: CertificateRecord): Promise<VerifyResult> {
    const cacheKey = `${child.id}>${issuer.id}`;
    let pending = results.get(cacheKey);
    if (!pending) {
      pending = compute(child, issuer);
      results.set(cacheKey, pending);
    }
    return pending;
  }

  return {
    verifyDetailed,
    async verify(child, issuer) {
      return (await verifyDetailed(child, issuer)).ok;
    },
  };
}
