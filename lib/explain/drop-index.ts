/**
 * What `explain` looks up in a report, indexed once: certificates by id, serial, key id and
 * SHA-256, CAs by Common Name, and which relationships use a certificate. Linear in the report.
 */
import type { ReportCertificate, ReportRelationship, Report } from "../report";

export interface DropIndex {
  report: Report;
  byId: ReadonlyMap<string, ReportCertificate>;
  bySerial: ReadonlyMap<string, ReportCertificate[]>;
  bySubjectKeyId: ReadonlyMap<string, ReportCertificate[]>;
  bySha256: ReadonlyMap<string, ReportCertificate>;
  /** CAs (and self-signed certificates) by the CN of their subject. */
  casByCommonName: ReadonlyMap<string, ReportCertificate[]>;
  /** The components that present a certificate, by its id, each once. */
  presenters: ReadonlyMap<string, string[]>;
  /** Relationship keys by the certificates they present, verify with, or chain through. */
  relationshipsByCertificate: ReadonlyMap<string, ReportRelationship[]>;
}

/** The CN of a report subject (`O=system:nodes, CN=system:node:control-1` → `system:node:control-1`). */
export function commonName(subject: string): string | undefined {
  const match = /(?:^|, )CN=((?:[^,\\]|\\.){0,256})/.exec(subject);
  return match?.[1]?.replace(/\\(.)/g, "$1");
}

/** How answers name a certificate: its first file of its own, else its first path (`admin.conf#users/…`). */
export function certificateLabel(certificate: ReportCertificate): string {
  return certificate.paths.find((path) => !path.includes("#")) ?? certificate.paths[0] ?? certificate.id;
}

/** The files (no `#entry`) a certificate was read from. */
export function certificateFiles(certificate: ReportCertificate): string[] {
  return [...new Set(certificate.paths.map((path) => path.split("#")[0] ?? path))];
}

/** A serial or key id as lowercase hex without leading zeros (serials) for comparison. */
export function normaliseSerial(hex: string): string {
  let start = 0;
  while (start < hex.length - 1 && hex.charCodeAt(start) === 48) start++;
  return hex.slice(start).toLowerCase();
}

/** Append to a key's list; every caller adds each value once per key, so no check is needed. */
function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Certificates a relationship touches: what each end presents and verifies with, and its chains. */
export function certificatesOfRelationship(relationship: ReportRelationship): string[] {
  const ids = new Set<string>();
  for (const end of [relationship.clientEnd, relationship.serverEnd]) {
    if (end.presents?.certificateId) ids.add(end.presents.certificateId);
    for (const id of end.verifiesWith?.certificateIds ?? []) ids.add(id);
  }
  for (const chain of relationship.chains)
    for (const step of chain.steps) {
      ids.add(step.certificateId);
      if (step.issuerId) ids.add(step.issuerId);
    }
  return [...ids];
}

function groupCertificates(
  report: Report,
  keysOf: (certificate: ReportCertificate) => string | undefined,
): Map<string, ReportCertificate[]> {
  const map = new Map<string, ReportCertificate[]>();
  for (const certificate of report.certificates) {
    const key = keysOf(certificate);
    if (key !== undefined) add(map, key, certificate);
  }
  return map;
}

/**
 * Index a report for explain. Only `byId` is built at once; each other index is built the first
 * time an answer asks for it, so an alert that reads two relationships does not pay for them all.
 */
export function indexDrop(report: Report): DropIndex {
  const byId = new Map(report.certificates.map((certificate) => [certificate.id, certificate]));
  let bySerial: Map<string, ReportCertificate[]> | undefined;
  let bySubjectKeyId: Map<string, ReportCertificate[]> | undefined;
  let bySha256: Map<string, ReportCertificate> | undefined;
  let casByCommonName: Map<string, ReportCertificate[]> | undefined;
  let relationshipsByCertificate: Map<string, ReportRelationship[]> | undefined;
  let presenters: Map<string, string[]> | undefined;
  return {
    report,
    byId,
    get bySerial() {
      return (bySerial ??= groupCertificates(report, (c) => normaliseSerial(c.serial)));
    },
    get bySubjectKeyId() {
      return (bySubjectKeyId ??= groupCertificates(report, (c) => c.subjectKeyId?.toLowerCase()));
    },
    get bySha256() {
      return (bySha256 ??= new Map(report.certificates.map((c) => [c.sha256.toLowerCase(), c])));
    },
    get casByCommonName() {
      return (casByCommonName ??= groupCertificates(report, (c) =>
        c.isCA || c.selfSigned ? commonName(c.subject) : undefined,
      ));
    },
    get presenters() {
      if (!presenters) {
        presenters = new Map();
        for (const relationship of report.relationships)
          for (const end of [relationship.clientEnd, relationship.serverEnd]) {
            const id = end.presents?.certificateId;
            if (id === undefined) continue;
            const list = presenters.get(id);
            if (!list) presenters.set(id, [end.component]);
            else if (!list.includes(end.component)) list.push(end.component);
          }
      }
      return presenters;
    },
    get relationshipsByCertificate() {
      if (!relationshipsByCertificate) {
        relationshipsByCertificate = new Map();
        for (const relationship of report.relationships)
          for (const id of certificatesOfRelationship(relationship))
            add(relationshipsByCertificate, id, relationship);
      }
      return relationshipsByCertificate;
    },
  };
}
