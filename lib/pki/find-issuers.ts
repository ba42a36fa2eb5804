/**
 * Issuer candidates without linear scans: certificates indexed by subject DN and by subject key
 * identifier, so chain building over hundreds of certificates stays linear. A candidate only
 * *names* the child's issuer; the signature verifier decides whether it really signed it.
 */
import type { CertificateRecord } from "../inventory";

export interface IssuerIndex {
  /**
   * Certificates whose subject equals the child's issuer DN, then those whose subject key id
   * equals the child's authority key id (a renamed CA), each in input order, without repeats.
   */
  candidates(child: CertificateRecord): CertificateRecord[];
}

function push<K>(map: Map<K, CertificateRecord[]>, key: K, cert: CertificateRecord): void {
  const list = map.get(key);
  if (list) list.push(cert);
  else map.set(key, [cert]);
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
      if (byId.length === 0) return [...byName];
      const seen = new Set(byName.map((cert) => cert.id));
      return [...byName, ...byId.filter((cert) => !seen.has(cert.id))];
    },
  };
}
