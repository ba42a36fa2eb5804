/**
 * Lookups over one report, built once per report and shared by every view. A fleet's report holds
 * ten thousand certificates and relationships: a view that finds a certificate, a component or a
 * finding by scanning the report once per row does a hundred million steps and freezes the page.
 * The index is kept per report object (a WeakMap), so it goes when the report goes.
 */
import type { Report, ReportCertificate, ReportComponent, ReportRelationship, TrustAnchor } from "../report";

export interface ReportIndex {
  certificate(id: string | undefined): ReportCertificate | undefined;
  component(id: string): ReportComponent | undefined;
  relationship(key: string): ReportRelationship | undefined;
  /** Where a relationship key occurs in `report.relationships`, in report order. */
  relationshipPositions(key: string): readonly number[];
  /** The trust anchor whose CA certificate this is. */
  anchorOf(certificateId: string): TrustAnchor | undefined;
  /** Indexes into `report.findings` of the findings that name this certificate. */
  findingsOf(certificateId: string): readonly number[];
  /** A component's display name, as lib/format/report-view's `componentName` gives it. */
  componentName(id: string): string;
}

const indexes = new WeakMap<Report, ReportIndex>();

function build(report: Report): ReportIndex {
  const certificates = new Map(report.certificates.map((c) => [c.id, c]));
  // The first of any repeated id or key, as a `find` over the report would give.
  const components = new Map<string, ReportComponent>();
  for (const component of report.components)
    if (!components.has(component.id)) components.set(component.id, component);
  const relationships = new Map<string, ReportRelationship>();
  const positions = new Map<string, number[]>();
  report.relationships.forEach((relationship, position) => {
    if (!relationships.has(relationship.key)) relationships.set(relationship.key, relationship);
    const at = positions.get(relationship.key);
    if (at) at.push(position);
    else positions.set(relationship.key, [position]);
  });
  const anchors = new Map<string, TrustAnchor>();
  for (const anchor of report.trustAnchors)
    if (anchor.certificateId && !anchors.has(anchor.certificateId)) anchors.set(anchor.certificateId, anchor);
  const findings = new Map<string, number[]>();
  report.findings.forEach((finding, index) => {
    for (const id of new Set(finding.certificateIds ?? [])) {
      const list = findings.get(id);
      if (list) list.push(index);
      else findings.set(id, [index]);
    }
  });
  const names = new Map<string, string>();
  return {
    certificate: (id) => (id === undefined ? undefined : certificates.get(id)),
    component: (id) => components.get(id),
    relationship: (key) => relationships.get(key),
    relationshipPositions: (key) => positions.get(key) ?? [],
    anchorOf: (id) => anchors.get(id),
    findingsOf: (id) => findings.get(id) ?? [],
    componentName: (id) => {
      let name = names.get(id);
      if (name === undefined) {
        const component = components.get(id);
        name = !component
          ? id
          : component.node && !component.name.includes(component.node)
            ? `${component.name} (${component.node})`
            : component.name;
        names.set(id, name);
      }
      return name;
    },
  };
}

/** The index of `report`, built on first use. */
export function reportIndex(report: Report): ReportIndex {
  let index = indexes.get(report);
  if (!index) {
    index = build(report);
    indexes.set(report, index);
  }
  return index;
}
