/**
 * The instances of one relationship that the graph draws as one edge: the same relationship between
 * the same two components, found once per control plane of an HA cluster and keyed by node
 * (`apiserver-serving@kind-control-plane2`).
 */
import type { Report, ReportRelationship } from "@/lib/report";

export interface RelationshipInstance {
  relationship: ReportRelationship;
  /** What tells the instance apart: its node (after `@`), else its source (after `:`), else its key. */
  node: string;
}

/**
 * What an instance key names: the node (`etcd-peer@cp-2` → `cp-2`), else the source after the id
 * (`admin-client:server-1/etc/rancher/k3s/k3s.yaml` → `server-1/etc/rancher/k3s/k3s.yaml`); a bare
 * id names itself.
 */
export function instanceNode(key: string): string {
  const at = key.indexOf("@");
  if (at >= 0) return key.slice(at + 1);
  const colon = key.indexOf(":");
  return colon < 0 ? key : key.slice(colon + 1);
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
