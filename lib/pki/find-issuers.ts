/**
 * Issuer candidates without linear scans: certificates indexed by subject DN and by subject key
 * identifier, so chain building over hundreds of certificates stays linear. A candidate only
 * *names* the child's issuer; the signature verifier decides whether it really signed it.
 *
 * Candidates are narrowed before any signature is checked, so a file of 300 CAs all named
 * `CN=kubernetes` costs one check per certificate, not 300: the certificate itself first when it is
 * self-issued, then those whose subject key id is the child's authority key id (when any is, the
 * others with another key id are left out), then those without key ids; one candidate per public
 * key, since a signature that one key does not verify no other copy of it verifies either; and
 * at most `MAX_SIGNATURE_CHECKS`, the bound Go's crypto/x509 puts on a chain's signature checks.
 */
import type { CertificateRecord } from "../inventory";

/** Go's `maxChainSignatureChecks`: beyond it, crypto/x509 gives up on the chain. */
export const MAX_SIGNATURE_CHECKS = 100;

/**
 * Failed signature checks one analysis spends looking for issuers beyond each certificate's most
 * likely one (a few tenths of a second): a healthy cluster, or a fleet of them with key ids, fails a few;
 * past it, a certificate's issuer is looked for only among its most likely candidate. Chains of
 * configured relationships are verified apart from it, always in full.
 */
export const MAX_FAILED_ISSUER_CHECKS = 1_000;

export interface IssuerIndex {
  /**
   * Certificates that may have signed the child, most likely first (see `narrowIssuers`): by
   * subject equal to the child's issuer DN, or by subject key id equal to its authority key id
   * (a renamed CA).
   */
  candidates(child: CertificateRecord): CertificateRecord[];
}

function push<K>(map: Map<K, CertificateRecord[]>, key: K, cert: CertificateRecord): void {
  const list = map.get(key);
  if (list) list.push(cert);
  else map.set(key, [cert]);
}

/** 0: the child itself; 1: key ids match; 2: a key id is absent; 3: key ids differ. */
function rank(child: CertificateRecord, candidate: CertificateRecord): number {
  if (candidate.id === child.id) return 0;
  if (!child.authorityKeyId || !candidate.subjectKeyId) return 2;
  return candidate.subjectKeyId === child.authorityKeyId ? 1 : 3;
}

/**
 * The candidates worth a signature check, in the order to check them: the child itself (when
 * self-issued), matching key ids, absent key ids, and differing key ids only when none matched.
 * Ties keep input order. One candidate per public key; at most `MAX_SIGNATURE_CHECKS`.
 */
export function narrowIssuers(
  child: CertificateRecord,
  candidates: readonly CertificateRecord[],
): CertificateRecord[] {
  // One pass into the four ranks (input order kept within each), then taken rank by rank: a
  // candidate list of thousands costs a pass, not a sort.
  const ranks: CertificateRecord[][] = [[], [], [], []];
  for (const candidate of candidates) {
    if (candidate.id === child.id && !child.selfIssued) continue;
    ranks[rank(child, candidate)]?.push(candidate);
  }
  const [self = [], matched = [], absent = [], differing = []] = ranks;
  const keys = new Set<string>();
  const narrowed: CertificateRecord[] = [];
  for (const candidate of [...self, ...matched, ...absent, ...(matched.length > 0 ? [] : differing)]) {
    const key = candidate.publicKey.canonical;
    if (keys.has(key)) continue;
    keys.add(key);
    narrowed.push(candidate);
    if (narrowed.length === MAX_SIGNATURE_CHECKS) break;
  }
  return narrowed;
}

/**
 * Build the index once over all certificates (or one trust bundle). Name matching uses the
 * rendered DN strings of the records; key-id matching compares lowercase hex.
 */
export function createIssuerIndex(certs: readonly CertificateRecord[]): IssuerIndex {
  const bySubject = new Map<string, CertificateRecord[]>();
  const byKeyId = new Map<string, CertificateRecord[]>();
  for (const cert of certs) {
    push(bySubject, cert.subject, cert);
    if (cert.subjectKeyId) push(byKeyId, cert.subjectKeyId, cert);
  }
  return {
    candidates(child) {
      const byName = bySubject.get(child.issuer) ?? [];
      const byId = child.authorityKeyId ? (byKeyId.get(child.authorityKeyId) ?? []) : [];
      const seen = new Set(byName.map((cert) => cert.id));
      return narrowIssuers(child, [...byName, ...byId.filter((cert) => !seen.has(cert.id))]);
    },
  };
}
