/**
 * A CA's generations, as a rotation leaves them in the files: certificates that are CAs under one
 * subject name, grouped by public key — the key is what a rotation changes; a renewal of the same
 * key (or a cross-certificate for it) is the same generation. Oldest first, by when each key's first
 * certificate became valid. One generation means no rotation is under way for that name.
 */
import type { CertificateRecord } from "../inventory";
import { pushAll } from "../shared/collections";

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

/**
 * Every CA name's generations, in the order the names first appear; lineages of one generation
 * included. A rotation that renames the CA but bridges it with a cross-certificate (k3s' rotate-ca:
 * the new root "k3s-client-root@<t>" signed by the old "k3s-client-ca@<t0>" too) is one lineage:
 * the old name's generations first, then the new name's, under the old name.
 */
export function caLineages(certificates: readonly CertificateRecord[]): CaLineage[] {
  return bridged(byName(certificates), certificates);
}

function bridged(lineages: CaLineage[], certificates: readonly CertificateRecord[]): CaLineage[] {
  const bySubject = new Map(lineages.map((lineage) => [lineage.subject, lineage]));
  const merged = new Set<CaLineage>();
  for (const cert of certificates) {
    if (!cert.isCA || cert.selfIssued || cert.issuer === cert.subject) continue;
    const younger = bySubject.get(cert.subject);
    const older = bySubject.get(cert.issuer);
    if (!younger || !older || younger === older || merged.has(younger) || merged.has(older)) continue;
    // A cross-certificate: the younger name's own self-issued root has this key; the older is a root too.
    const twin = certificates.some(
      (other) =>
        other.selfIssued &&
        other.subject === cert.subject &&
        other.publicKey.canonical === cert.publicKey.canonical,
    );
    const olderRoot = older.generations.some((g) => g.certs.some((c) => c.selfIssued));
    if (!twin || !olderRoot) continue;
    pushAll(
      older.generations,
      younger.generations.filter((g) => !older.generations.some((o) => o.key === g.key)),
    );
    merged.add(younger);
  }
  return lineages.filter((lineage) => !merged.has(lineage));
}

function byName(certificates: readonly CertificateRecord[]): CaLineage[] {
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

/**
 * The generation a CA belongs to, itself or through the CAs above it (an intermediate the new root
 * signed), up to four levels; -1 when none is of the lineage.
 */
export function generationAbove(
  lineage: CaLineage,
  cert: CertificateRecord,
  issuers: ReadonlyMap<string, CertificateRecord>,
): number {
  let at: CertificateRecord | undefined = cert;
  for (let depth = 0; at && depth < 4; depth++) {
    const generation = generationOf(lineage, at);
    if (generation >= 0) return generation;
    const up = issuers.get(at.id);
    at = up && up.id !== at.id ? up : undefined;
  }
  return -1;
}
