/**
 * "Did this issuer sign this certificate?" — by signature only. @peculiar/x509 would also check
 * the validity period against the real clock unless told `signatureOnly`; validity is judged
 * elsewhere against the injected `now`, so an expired chain still verifies here.
 *
 * Parsed certificates and imported issuer keys are cached (key import costs ~5× a verify), and so
 * are results per (child, issuer) pair, because several relationships check the same chains.
 */
import type { CertificateRecord } from "../ingest/types";
import { errorMessage } from "./result";
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
  const parsed = new Map<string, x509.X509Certificate | string>();
  const keys = new Map<string, Promise<KeyResult>>();
  const results = new Map<string, Promise<VerifyResult>>();

  function certificate(record: CertificateRecord): x509.X509Certificate | string {
    let cert = parsed.get(record.id);
    if (cert === undefined) {
      try {
        cert = new x509.X509Certificate(Uint8Array.from(record.der));
      } catch (error) {
        cert = `unreadable certificate ${record.subject}: ${errorMessage(error)}`;
      }
      parsed.set(record.id, cert);
    }
    return cert;
  }

  function issuerKey(
    issuer: x509.X509Certificate,
    issuerId: string,
    signature: Algorithm,
  ): Promise<KeyResult> {
    // RSA PKCS#1 v1.5 binds the hash at import time, so one issuer may need one key per hash.
    const algorithm = { ...issuer.publicKey.algorithm, ...signature };
    const cacheKey = `${issuerId}|${algorithmKey(algorithm)}`;
    let pending = keys.get(cacheKey);
    if (!pending) {
      pending = issuer.publicKey.export(algorithm, ["verify"], crypto).then(
        (key): KeyResult => ({ key }),
        (error: unknown): KeyResult => ({
          reason: `issuer key (${issuer.publicKey.algorithm.name}) cannot verify a ${signature.name} signature: ${errorMessage(error)}`,
        }),
      );
      keys.set(cacheKey, pending);
    }
    return pending;
  }

  async function compute(child: CertificateRecord, issuer: CertificateRecord): Promise<VerifyResult> {
    const childCert = certificate(child);
    const issuerCert = certificate(issuer);
    if (typeof childCert === "string") return { ok: false, reason: childCert };
    if (typeof issuerCert === "string") return { ok: false, reason: issuerCert };
    let signature: Algorithm;
    try {
      signature = childCert.signatureAlgorithm;
    } catch (error) {
      return { ok: false, reason: `unsupported signature algorithm: ${errorMessage(error)}` };
    }
    const key = await issuerKey(issuerCert, issuer.id, signature);
    if ("reason" in key) return { ok: false, reason: key.reason };
    try {
      const valid = await childCert.verify({ publicKey: key.key, signatureOnly: true }, crypto);
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
