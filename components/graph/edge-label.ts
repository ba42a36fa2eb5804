/**
 * Tags for edges that share their two boxes with another edge. A kubelet has up to four lines to
 * kube-apiserver (its client certificate, its bootstrap, and the apiserver's two ends of the
 * connection to the kubelet); the arrow tells the direction, the tag which certificate.
 */
import type { RelationshipId } from "@/lib/report";

/** What tells an edge apart from its parallels: a letter drawn beside its badge, named in the legend. */
export interface EdgeTag {
  letter: string;
  name: string;
}

const CLIENT: EdgeTag = { letter: "C", name: "client cert" };
const SERVING: EdgeTag = { letter: "S", name: "serving cert" };

const TAGS: Record<RelationshipId, EdgeTag> = {
  "etcd-peer": { letter: "P", name: "peer" },
  "etcd-serving": SERVING,
  "apiserver-etcd-client": CLIENT,
  "apiserver-serving": SERVING,
  "controller-manager-client": CLIENT,
  "scheduler-client": CLIENT,
  "kube-proxy-client": CLIENT,
  "kubelet-client": CLIENT,
  "admin-client": CLIENT,
  "kubelet-serving": SERVING,
  "apiserver-kubelet-client": CLIENT,
  "service-account-signing": { letter: "K", name: "SA keys" },
  "front-proxy-client": { letter: "F", name: "front proxy" },
  "etcd-healthcheck-client": { letter: "H", name: "healthcheck" },
  "kubelet-bootstrap": { letter: "B", name: "bootstrap" },
};

/**
 * The tag of an edge of `relationshipId` that has parallels. A letter, not a word: the badges of
 * four parallel edges sit a couple of dozen pixels apart, too close for words beside each.
 */
export function edgeTag(relationshipId: RelationshipId): EdgeTag {
  return TAGS[relationshipId];
}

/** The distinct tags among `ids`, by letter, for the legend. */
export function legendTags(ids: RelationshipId[]): EdgeTag[] {
  const byLetter = new Map(ids.map((id) => [TAGS[id].letter, TAGS[id]]));
  return [...byLetter.values()].sort((a, b) => a.letter.localeCompare(b.letter));
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
