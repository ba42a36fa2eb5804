/**
 * Which boxes and edges of a laid-out graph light up, and which fade, for the explorer's highlight.
 * The shared highlight knows relationships, components and certificates; the graph adds what only it
 * can see: a trust anchor without a certificate (the service-account key pair) and the anchor links.
 */
import type { Highlight, Selection } from "@/components/explorer/selection";
import type { TopologyLayout } from "./topology-layout";

export interface LitState {
  /** Something is highlighted: everything not lit fades. */
  active: boolean;
  edges: ReadonlySet<string>;
  nodes: ReadonlySet<string>;
  /** Anchor links to draw (indexes into `layout.anchorLinks`). */
  links: readonly number[];
}

function isEmpty(h: Highlight): boolean {
  return (
    h.relationships.size === 0 &&
    h.components.size === 0 &&
    h.certificates.size === 0 &&
    h.findings.size === 0
  );
}

/**
 * Light the graph for `highlight`. `focus` is what the person points at or has selected: when it is a
 * trust anchor, the edges that anchor vouches for light up even if the shared highlight cannot name
 * them; when it is an anchor or a relationship, faint links join anchors to edges.
 */
export function litState(layout: TopologyLayout, highlight: Highlight, focus: Selection): LitState {
  const edges = new Set<string>();
  const nodes = new Set<string>();
  const focusAnchor = focus?.kind === "anchor" ? focus.id : undefined;

  for (const edge of layout.edges) {
    const viaAnchor = focusAnchor !== undefined && edge.anchors.includes(focusAnchor);
    if (viaAnchor || edge.keys.some((key) => highlight.relationships.has(key))) {
      edges.add(edge.id);
      if (viaAnchor) nodes.add(edge.source).add(edge.target);
    }
  }
  const litEdges = layout.edges.filter((e) => edges.has(e.id));
  for (const node of layout.nodes) {
    if (node.members.some((id) => highlight.components.has(id))) nodes.add(node.id);
    if (node.column !== "anchors") continue;
    const byCertificate = node.certificateId !== undefined && highlight.certificates.has(node.certificateId);
    const byEdge = litEdges.some((e) => e.anchors.includes(node.id));
    if (node.id === focusAnchor || byCertificate || byEdge) nodes.add(node.id);
  }

  const links: number[] = [];
  const focusKey = focus?.kind === "relationship" ? focus.key : undefined;
  layout.anchorLinks.forEach((link, i) => {
    const edge = layout.edges.find((e) => e.id === link.edgeId);
    const forAnchor = focusAnchor === link.anchorId;
    const forEdge = focusKey !== undefined && edge?.keys.includes(focusKey);
    if (forAnchor || forEdge) links.push(i);
  });

  return { active: !isEmpty(highlight) || focusAnchor !== undefined, edges, nodes, links };
}
