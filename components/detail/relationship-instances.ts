/**
 * The instances of one relationship that the graph draws as one edge: the same relationship between
 * the same two components, found once per control plane of an HA cluster and keyed by node
 * (`apiserver-serving@kind-control-plane2`).
 */
import type { Report, ReportRelationship } from "../../lib/report";

export interface RelationshipInstance {
  relationship: ReportRelationship;
  /** The node the instance was found on: the part of its key after `@`, or the whole key. */
  node: string;
}

/** The node named by an instance key (`etcd-peer@cp-2` → `cp-2`); a key without one names itself. */
export function instanceNode(key: string): string {
  const at = key.indexOf("@");
  return at < 0 ? key : key.slice(at + 1);
}

/**
 * Every instance of `relationship` (itself included, in report order) that joins the same client to
 * the same server; one entry when the relationship was found once.
 */
export function relationshipInstances(
  report: Report,
  relationship: ReportRelationship,
): RelationshipInstance[] {
  return report.relationships
    .filter(
      (r) => r.id === relationship.id && r.client === relationship.client && r.server === relationship.server,
    )
    .map((r) => ({ relationship: r, node: instanceNode(r.key) }));
}
