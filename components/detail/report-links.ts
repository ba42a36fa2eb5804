/**
 * The questions the detail panel asks of a report to link one thing to the others: which
 * relationships a component takes part in, what a trust anchor vouches for, where a certificate is
 * used, which relationships a finding bears on. Pure lookups over the report, so every view links
 * the same way and the answers are tested once.
 */
import type {
  Report,
  ReportCertificate,
  ReportComponent,
  ReportRelationship,
  TrustAnchor,
} from "@/lib/report";
import { PRIMARY_RELATIONSHIPS, SECONDARY_RELATIONSHIPS } from "@/lib/report";
import { perReport } from "@/lib/view/per-report";
import { reportIndex } from "@/lib/view/report-index";

/**
 * The report's relationships in display order: the twelve primary ones, then the secondary ones.
 * Once per report: the detail panel asks on every selection, and a fleet has thousands.
 */
export const orderedRelationships: (report: Report) => ReportRelationship[] = perReport((report) => {
  // groupRelationships' order (a stable sort by the catalogue's order, primary ones first, ids it
  // does not know last), by buckets in one pass instead of a sort.
  const buckets = new Map<string, ReportRelationship[]>(
    [...PRIMARY_RELATIONSHIPS, ...SECONDARY_RELATIONSHIPS].map((id) => [id, []]),
  );
  const unknown: ReportRelationship[] = [];
  for (const relationship of report.relationships)
    (buckets.get(relationship.id) ?? unknown).push(relationship);
  return [...[...buckets.values()].flat(), ...unknown];
});

interface ComponentRelationships {
  asClient: ReportRelationship[];
  asServer: ReportRelationship[];
}

/** Every component's relationships by the end it plays, in one pass over the ordered relationships. */
const relationshipsByComponent = perReport((report) => {
  const byComponent = new Map<string, ComponentRelationships>();
  const entry = (id: string) => {
    let found = byComponent.get(id);
    if (!found) byComponent.set(id, (found = { asClient: [], asServer: [] }));
    return found;
  };
  for (const relationship of orderedRelationships(report)) {
    entry(relationship.client).asClient.push(relationship);
    entry(relationship.server).asServer.push(relationship);
  }
  return byComponent;
});

/** "kubelet (cp-1) → kube-apiserver": a relationship's two ends by their display names. */
export function relationshipTitle(report: Report, relationship: ReportRelationship): string {
  const { componentName } = reportIndex(report);
  return `${componentName(relationship.client)} → ${componentName(relationship.server)}`;
}

/** The relationships `componentId` takes part in, split by the end it plays (etcd peers play both). */
export function componentRelationships(report: Report, componentId: string): ComponentRelationships {
  return relationshipsByComponent(report).get(componentId) ?? { asClient: [], asServer: [] };
}

/** The trust anchor a certificate is, when the model uses it as one. */
export function anchorForCertificate(report: Report, certificateId: string): TrustAnchor | undefined {
  return report.trustAnchors.find((anchor) => anchor.certificateId === certificateId);
}

/**
 * What a trust anchor vouches for: the relationships whose verifier bundles hold it (or, for the
 * service-account key pair, the token-signing relationship) and the certificates it issued.
 */
export function anchorReach(
  report: Report,
  anchor: TrustAnchor,
): { relationships: ReportRelationship[]; certificates: ReportCertificate[] } {
  const certificateId = anchor.certificateId;
  const paths = new Set(anchor.paths);
  const relationships = orderedRelationships(report).filter((relationship) => {
    if (anchor.role === "service-account" && relationship.id === "service-account-signing") return true;
    return [relationship.clientEnd.verifiesWith, relationship.serverEnd.verifiesWith].some(
      (trust) =>
        trust !== undefined &&
        ((certificateId !== undefined && trust.certificateIds.includes(certificateId)) ||
          paths.has(trust.source)),
    );
  });
  const certificates =
    certificateId === undefined
      ? []
      : report.certificates.filter(
          (certificate) => certificate.issuerId === certificateId && certificate.id !== certificateId,
        );
  return { relationships, certificates };
}

/**
 * The key pairs that carry a relationship in which neither end presents or verifies a certificate
 * (service-account token signing). Empty for every certificate-based relationship, and for one
 * whose ends are empty only because its inputs are missing.
 */
export function keyPairsCarrying(report: Report, relationship: ReportRelationship): TrustAnchor[] {
  const ends = [relationship.clientEnd, relationship.serverEnd];
  if (ends.some((end) => end.presents || end.verifiesWith)) return [];
  return report.trustAnchors.filter(
    (anchor) =>
      anchor.kind === "key-pair" &&
      anchorReach(report, anchor).relationships.some((candidate) => candidate.key === relationship.key),
  );
}

export type UsedByLink =
  | { kind: "relationship"; relationship: ReportRelationship }
  | { kind: "component"; component: ReportComponent }
  | { kind: "text"; text: string };

/**
 * A certificate's `usedBy` entries resolved to things the panel can link to: a relationship key, a
 * relationship id (every instance of it), a component id; anything else stays text. Duplicates
 * collapse, so an id that is also a key is listed once.
 */
export function usedByLinks(report: Report, certificate: ReportCertificate): UsedByLink[] {
  const links: UsedByLink[] = [];
  const seen = new Set<string>();
  for (const entry of certificate.usedBy) {
    const byKey = report.relationships.filter((relationship) => relationship.key === entry);
    const matches = byKey.length > 0 ? byKey : report.relationships.filter((r) => r.id === entry);
    if (matches.length > 0) {
      for (const relationship of matches) {
        if (seen.has(`r:${relationship.key}`)) continue;
        seen.add(`r:${relationship.key}`);
        links.push({ kind: "relationship", relationship });
      }
      continue;
    }
    const component = report.components.find((candidate) => candidate.id === entry);
    if (component && !seen.has(`c:${component.id}`)) {
      seen.add(`c:${component.id}`);
      links.push({ kind: "component", component });
    } else if (!component && !seen.has(`t:${entry}`)) {
      seen.add(`t:${entry}`);
      links.push({ kind: "text", text: entry });
    }
  }
  return links;
}

/** The relationships that list finding `index` among their `findingRefs`, in display order. */
export function findingRelationships(report: Report, index: number): ReportRelationship[] {
  return orderedRelationships(report).filter((relationship) => relationship.findingRefs.includes(index));
}

/** Indexes of the findings that name `certificateId`, in report order. */
export function certificateFindingIndexes(report: Report, certificateId: string): number[] {
  const indexes: number[] = [];
  report.findings.forEach((finding, index) => {
    if (finding.certificateIds?.includes(certificateId)) indexes.push(index);
  });
  return indexes;
}
