/**
 * A CA's generations, as a rotation leaves them in the files: certificates that are CAs under one
 * subject name, grouped by public key — the key is what a rotation changes; a renewal of the same
 * key (or a cross-certificate for it) is the same generation. Oldest first, by when each key's first
 * certificate became valid. One generation means no rotation is under way for that name.
 */
import type { CertificateRecord } from "../inventory";

export interface CaGeneration {
  /** The key every certificate of the generation carries (`PublicKeyInfo.canonical`). */
  key: string;
  /** Its certificates, earliest first. */
  certs: CertificateRecord[];
  /** The earliest notBefore among them. */
  notBefore: string;
}

export interface CaLineage {
  subject: string;
  /** Oldest first; the last one is "new" in a rotation. */
  generations: CaGeneration[];
}

/** Every CA name's generations, in the order the names first appear; lineages of one generation included. */
export function caLineages(certificates: readonly CertificateRecord[]): CaLineage[] {
  const bySubject = new Map<string, Map<string, CertificateRecord[]>>();
  for (const cert of certificates) {
    if (!cert.basicConstraintsPresent || !cert.isCA) continue;
    let byKey = bySubject.get(cert.subject);
    if (!byKey) {
      byKey = new Map();
      bySubject.set(cert.subject, byKey);
    }
    const list = byKey.get(cert.publicKey.canonical);
    if (list) list.push(cert);
    else byKey.set(cert.publicKey.canonical, [cert]);
  }
  const lineages: CaLineage[] = [];
  for (const [subject, byKey] of bySubject) {
    const generations = [...byKey].map(([key, certs]) => {
      const sorted = [...certs].sort((a, b) => Date.parse(a.notBefore) - Date.parse(b.notBefore));
      return { key, certs: sorted, notBefore: sorted[0]?.notBefore ?? "" };
    });
    generations.sort(
      (a, b) => Date.parse(a.notBefore) - Date.parse(b.notBefore) || a.key.localeCompare(b.key),
    );
    lineages.push({ subject, generations });
  }
  return lineages;
}

/** Which generation of `lineage` a certificate's key is, or -1. */
export function generationOf(lineage: CaLineage, cert: CertificateRecord): number {
  return lineage.generations.findIndex((generation) => generation.key === cert.publicKey.canonical);
}
