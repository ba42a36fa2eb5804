/**
 * Short names for edges that share their two boxes with another edge. A kubelet has up to four
 * lines to kube-apiserver (its client certificate, its bootstrap, and the apiserver's two ends of
 * the connection to the kubelet); the arrow tells the direction, the label tells which certificate.
 */
import type { RelationshipId } from "@/lib/report";

const SHORT: Record<RelationshipId, string> = {
  "etcd-peer": "peer",
  "etcd-serving": "serving cert",
  "apiserver-etcd-client": "client cert",
  "apiserver-serving": "serving cert",
  "controller-manager-client": "client cert",
  "scheduler-client": "client cert",
  "kube-proxy-client": "client cert",
  "kubelet-client": "client cert",
  "admin-client": "client cert",
  "kubelet-serving": "serving cert",
  "apiserver-kubelet-client": "client cert",
  "service-account-signing": "SA keys",
  "front-proxy-client": "front proxy",
  "etcd-healthcheck-client": "healthcheck",
  "kubelet-bootstrap": "bootstrap",
};

/** The short name drawn beside an edge of `relationshipId` when it has parallels. */
export function edgeShortLabel(relationshipId: RelationshipId): string {
  return SHORT[relationshipId];
}

/**
 * Ids of the edges that join the same two boxes as another edge, in either direction; loops (a box
 * to itself) are alone by nature.
 */
export function parallelEdgeIds(edges: { id: string; source: string; target: string }[]): Set<string> {
  const byPair = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.source === edge.target) continue;
    const pair = [edge.source, edge.target].sort().join("\u0000");
    byPair.set(pair, [...(byPair.get(pair) ?? []), edge.id]);
  }
  return new Set([...byPair.values()].filter((ids) => ids.length > 1).flat());
}
