/**
 * Whether a `caBundle` verifies a serving certificate, on the signature links the analysis already
 * checked (`CheckContext.issuers`, each found by verifying the signature): the leaf's issuers are
 * followed up to a certificate of the bundle (the same certificate, or one with the same subject and
 * key, which Go's verifier treats alike), and every certificate on that path must be valid at `now`
 * (Go checks the dates of the root too). The host name is not judged here: the serving certificate
 * was chosen because its names cover the Service.
 */
import type { CertificateRecord } from "../inventory";

/** The verdict, with Go's words for a failure (crypto/x509 `UnknownAuthorityError`, `CertificateInvalidError`). */
export type BundleVerdict =
  | { ok: true; path: CertificateRecord[] }
  | { ok: false; why: "unknown-authority"; words: string }
  | { ok: false; why: "expired"; words: string; expired: CertificateRecord };

/** Paths longer than this are not followed (Go refuses deep chains long before). */
const MAX_DEPTH = 10;

function sameAnchor(a: CertificateRecord, b: CertificateRecord): boolean {
  return a.id === b.id || (a.subject === b.subject && a.publicKey.canonical === b.publicKey.canonical);
}

function validAt(cert: CertificateRecord, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(cert.notBefore) <= t && t <= Date.parse(cert.notAfter);
}

/** Judge `leaf` against `bundle`. */
export function verifyWithBundle(
  leaf: CertificateRecord,
  bundle: readonly CertificateRecord[],
  issuers: ReadonlyMap<string, CertificateRecord>,
  now: Date,
): BundleVerdict {
  const path: CertificateRecord[] = [leaf];
  let current = leaf;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const anchor = bundle.find((cert) => sameAnchor(cert, current));
    if (anchor && (current !== leaf || leaf.selfIssued)) {
      const expired = path.find((cert) => !validAt(cert, now));
      if (expired)
        return {
          ok: false,
          why: "expired",
          expired,
          words: `x509: certificate has expired or is not yet valid: "${expired.subject}" is valid ${expired.notBefore} to ${expired.notAfter}`,
        };
      return { ok: true, path };
    }
    const issuer = issuers.get(current.id);
    if (!issuer || issuer.id === current.id) break;
    path.push(issuer);
    current = issuer;
  }
  return { ok: false, why: "unknown-authority", words: unknownAuthority(current, bundle) };
}

/** Go's signature failure words by the candidate's key (crypto/x509 `checkSignature`). */
const SIGNATURE_ERRORS: Record<string, string> = {
  RSA: "crypto/rsa: verification error",
  ECDSA: "x509: ECDSA verification failure",
  Ed25519: "x509: Ed25519 verification failure",
};

/**
 * `x509: certificate signed by unknown authority`, with Go's hint when the bundle holds a CA of the
 * issuer's name whose key did not sign it (`UnknownAuthorityError`, candidate named by its CN).
 */
function unknownAuthority(last: CertificateRecord, bundle: readonly CertificateRecord[]): string {
  const words = "x509: certificate signed by unknown authority";
  const candidate = bundle.find((cert) => cert.subject === last.issuer);
  const failure = candidate ? SIGNATURE_ERRORS[candidate.publicKey.algorithm] : undefined;
  if (!candidate || !failure) return words;
  const name = candidate.subjectCN ?? candidate.subjectO[0] ?? `serial:${candidate.serial}`;
  return `${words} (possibly because of "${failure}" while trying to verify candidate authority certificate "${name}")`;
}
