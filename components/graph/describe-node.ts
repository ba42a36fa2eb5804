/**
 * The accessible name of a box: what it is, and how the relationships it takes part in stand.
 */
import { statusCounts } from "./status";
import type { GraphEdge, GraphNode } from "./topology-model";

/**
 * `kube-apiserver, component, 14 relationships: 1 error, 13 ok`: what a box is and how the edges it
 * takes part in (or, for an anchor, vouches for) stand. With `statuses` false (a quiz), without how
 * they stand: `kube-apiserver, component, 14 relationships`.
 */
export function describeNode(node: GraphNode, edges: GraphEdge[], statuses = true): string {
  const anchor = node.column === "anchors";
  const mine = edges.filter((e) =>
    anchor ? e.anchors.includes(node.id) : e.source === node.id || e.target === node.id,
  );
  const caption = node.captions[0];
  const what =
    node.shape === "ca"
      ? `CA${caption ? ` at ${caption}` : ""}, vouches for`
      : node.shape === "key-pair"
        ? `key pair${caption ? ` at ${caption}` : ""}, verifies`
        : node.shape === "group"
          ? "drawn as one node,"
          : "component,";
  const count = `${mine.length} ${mine.length === 1 ? "relationship" : "relationships"}`;
  const counts = statuses
    ? statusCounts(mine.map((e) => e.status))
        .map(([status, n]) => `${n} ${status}`)
        .join(", ")
    : "";
  const name = node.shape === "group" ? (node.labels[0] ?? node.name) : node.name;
  return `${name}, ${what} ${count}${counts ? `: ${counts}` : ""}`;
}
