/**
 * Read-only questions the formatters ask of a report: display order of relationships, which
 * certificates a relationship presents, which findings belong to no relationship. Kept in one place
 * so the table and the Markdown report order and count things the same way.
 */
import type { Finding, Report, ReportCertificate, ReportRelationship, Severity } from "../report";
import { PRIMARY_RELATIONSHIPS, SECONDARY_RELATIONSHIPS } from "../report";
import { reportIndex } from "../view/report-index";
import { nodeLabel } from "../shared/node-label";

export interface RelationshipGroups {
  primary: ReportRelationship[];
  /** Secondary relationships, then any relationship whose id neither list knows (newer analyzers). */
  secondary: ReportRelationship[];
}

/**
 * Split and order the report's relationships as the product presents them: the twelve primary ones
 * in `PRIMARY_RELATIONSHIPS` order, then the secondary ones in `SECONDARY_RELATIONSHIPS` order;
 * per-node instances of one id keep the report's order (which is deterministic).
 */
export function groupRelationships(report: Report): RelationshipGroups {
  const order = new Map<string, number>();
  [...PRIMARY_RELATIONSHIPS, ...SECONDARY_RELATIONSHIPS].forEach((id, index) => order.set(id, index));
  const rank = (relationship: ReportRelationship): number => order.get(relationship.id) ?? order.size;
  const sorted = report.relationships
    .map((relationship, index) => ({ relationship, index }))
    .sort((a, b) => rank(a.relationship) - rank(b.relationship) || a.index - b.index)
    .map(({ relationship }) => relationship);
  const primaryIds = new Set<string>(PRIMARY_RELATIONSHIPS);
  return {
    primary: sorted.filter((relationship) => primaryIds.has(relationship.id)),
    secondary: sorted.filter((relationship) => !primaryIds.has(relationship.id)),
  };
}

/**
 * The certificates a relationship's two ends present (client certificate, serving certificate, or
 * both for etcd peers), soonest expiry first. Empty for key-pair and token relationships.
 */
export function presentedCertificates(report: Report, relationship: ReportRelationship): ReportCertificate[] {
  const index = reportIndex(report);
  const ids = [
    relationship.clientEnd.presents?.certificateId,
    relationship.serverEnd.presents?.certificateId,
  ];
  const found = new Map<string, ReportCertificate>();
  for (const id of ids) {
    const certificate = index.certificate(id);
    if (certificate) found.set(certificate.id, certificate);
  }
  return [...found.values()].sort(byExpiry);
}

/** A finding together with its index in `Report.findings` (what `findingRefs` point at). */
export interface IndexedFinding {
  index: number;
  finding: Finding;
}

/**
 * The findings of one relationship, resolved from its `findingRefs`, most severe first. Refs that
 * point nowhere are dropped rather than invented: the formatter shows what the report holds.
 */
export function relationshipFindings(report: Report, relationship: ReportRelationship): IndexedFinding[] {
  const found: IndexedFinding[] = [];
  for (const index of relationship.findingRefs) {
    const finding = report.findings[index];
    if (finding) found.push({ index, finding });
  }
  return found.sort(bySeverity);
}

/**
 * Findings no relationship refers to (PARSE_ERROR, WEAK_KEY on an unused certificate, ...), most
 * severe first, so a formatter can list them once after the relationships.
 */
export function unattachedFindings(report: Report): IndexedFinding[] {
  const referenced = new Set(report.relationships.flatMap((relationship) => relationship.findingRefs));
  return report.findings
    .map((finding, index) => ({ index, finding }))
    .filter(({ index }) => !referenced.has(index))
    .sort(bySeverity);
}

/** Certificates sorted by notAfter (soonest first), then by first path, for expiry listings. */
export function certificatesByExpiry(report: Report): ReportCertificate[] {
  return [...report.certificates].sort(byExpiry);
}

/**
 * The path to show for a certificate: its first stand-alone file (`pki/ca.crt`) rather than a copy
 * embedded in a kubeconfig (`admin.conf#clusters/kubernetes`), which is where people renew it.
 */
export function displayPath(certificate: ReportCertificate): string {
  return certificate.paths.find((path) => !path.includes("#")) ?? certificate.paths[0] ?? certificate.id;
}

/**
 * A component's display name from the report, with its node when it runs per node ("kubelet
 * (cp-1)"), so two kubelets' relationships stay distinguishable; falls back to the id.
 */
export function componentName(report: Report, id: string): string {
  const component = reportIndex(report).component(id);
  if (!component) return id;
  return component.node && !component.name.includes(component.node)
    ? nodeLabel(component.name, component.node)
    : component.name;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function bySeverity(a: IndexedFinding, b: IndexedFinding): number {
  return SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] || a.index - b.index;
}

function byExpiry(a: ReportCertificate, b: ReportCertificate): number {
  const delta = Date.parse(a.notAfter) - Date.parse(b.notAfter);
  if (delta !== 0 && !Number.isNaN(delta)) return delta;
  const pathA = displayPath(a);
  const pathB = displayPath(b);
  return pathA < pathB ? -1 : pathA > pathB ? 1 : 0;
}
