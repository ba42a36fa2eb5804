/**
 * Where each box goes. A fixed grid that teaches the topology: trust anchors in a row on top, the
 * control plane down the middle (kube-apiserver at its heart, etcd below), API clients stacked on the
 * left and kubelets on the right. No simulation: the same model always lands in the same place.
 */
import type { LayoutMetrics } from "./layout-metrics";
import type { GraphEdge, GraphNode } from "./topology-model";

export interface PlacedNode extends GraphNode {
  /** Centre of the box. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const isSide = (column: string) => column === "left" || column === "right";

/**
 * How many edge ends each box takes on its left and right sides, judged by columns the way
 * `facingSides` will: a hub with many edges grows taller so that their ends do not pile up.
 */
function sidePorts(nodes: GraphNode[], edges: GraphEdge[]): Map<string, number> {
  const column = new Map(nodes.map((n) => [n.id, n.column]));
  const count = new Map<string, number>();
  for (const edge of edges) {
    const a = column.get(edge.source);
    const b = column.get(edge.target);
    if (!a || !b || edge.source === edge.target || a === b || !(isSide(a) || isSide(b))) continue;
    for (const [id, other] of [
      [edge.source, b],
      [edge.target, a],
    ] as const) {
      const key = `${id}\u0000${other}`;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  const most = new Map<string, number>();
  for (const [key, n] of count) {
    const id = key.split("\u0000")[0] ?? "";
    most.set(id, Math.max(most.get(id) ?? 0, n));
  }
  return most;
}

function sizeOf(node: GraphNode, m: LayoutMetrics, ports: number): { width: number; height: number } {
  if (node.column === "anchors") return { width: m.anchorWidth, height: m.anchorHeight };
  const base = node.shape === "group" ? m.groupHeight : m.componentHeight;
  const needed = (ports - 1) * m.minPortSpacing + 12;
  return { width: m.componentWidth, height: Math.max(base, Math.ceil(needed)) };
}

const byRank = (a: GraphNode, b: GraphNode) => a.rank - b.rank || a.id.localeCompare(b.id);

/** Stack boxes vertically, centred on `midY`, never starting above `top`; returns their centres. */
function stack(heights: number[], midY: number, top: number, gap: number): number[] {
  const total = heights.reduce((sum, h) => sum + h, 0) + gap * Math.max(0, heights.length - 1);
  let y = Math.max(top, midY - total / 2);
  return heights.map((h) => {
    const centre = y + h / 2;
    y += h + gap;
    return centre;
  });
}

function stackHeight(nodes: GraphNode[], size: (n: GraphNode) => { height: number }, gap: number): number {
  const heights = nodes.map((n) => size(n).height);
  return heights.reduce((sum, h) => sum + h, 0) + gap * Math.max(0, heights.length - 1);
}

/**
 * Place every node of the model. Columns: left x = half a box, centre one box and a gap further,
 * right another box and gap further; anchors centred over the middle column, wrapped into rows.
 */
export function placeNodes(nodes: GraphNode[], edges: GraphEdge[], m: LayoutMetrics): PlacedNode[] {
  const at = new Map<string, { x: number; y: number }>();
  const ports = sidePorts(nodes, edges);
  const size = (n: GraphNode) => sizeOf(n, m, ports.get(n.id) ?? 0);
  const w = m.componentWidth;
  const leftX = w / 2;
  const centreX = leftX + w + m.columnGap;
  const rightX = centreX + w + m.rightGap;

  const anchors = nodes.filter((n) => n.column === "anchors").sort(byRank);
  const rows = Math.ceil(anchors.length / m.anchorsPerRow);
  anchors.forEach((node, i) => {
    const row = Math.floor(i / m.anchorsPerRow);
    const inRow = Math.min(m.anchorsPerRow, anchors.length - row * m.anchorsPerRow);
    const rowWidth = inRow * m.anchorWidth + (inRow - 1) * m.anchorGap;
    const col = i % m.anchorsPerRow;
    at.set(node.id, {
      x: centreX - rowWidth / 2 + m.anchorWidth / 2 + col * (m.anchorWidth + m.anchorGap),
      y: m.anchorHeight / 2 + row * (m.anchorHeight + m.anchorGap),
    });
  });
  const top = rows > 0 ? rows * (m.anchorHeight + m.anchorGap) - m.anchorGap + m.bodyGap : 0;

  const left = nodes.filter((n) => n.column === "left").sort(byRank);
  const right = nodes.filter((n) => n.column === "right").sort(byRank);
  const centre = nodes.filter((n) => n.column === "centre").sort(byRank);
  const kindOf = (n: GraphNode) => n.icon;
  const beside = centre.filter(
    (n) => kindOf(n) === "kube-controller-manager" || kindOf(n) === "kube-scheduler",
  );
  // Controller-manager and scheduler sit side by side in a row above the apiserver, and the side
  // columns start below that row, so no edge from a side column has to pass it. The apiserver sits
  // at the middle of the taller side column, and at least one step below that row.
  const api = centre.find((n) => kindOf(n) === "kube-apiserver");
  const apiHeight = api ? size(api).height : m.componentHeight;
  const sideTop = beside.length > 0 ? top + m.componentHeight + m.stackGap * 2 : top;
  const sideHalf = Math.max(stackHeight(left, size, m.stackGap), stackHeight(right, size, m.stackGap)) / 2;
  const apiY = Math.max(
    sideTop + sideHalf,
    beside.length > 0 ? top + m.componentHeight / 2 + m.centreStep : top + apiHeight / 2,
  );
  const rowY = top + m.componentHeight / 2;
  const belowApi = apiY + apiHeight / 2 - m.componentHeight / 2;

  // The centre column: controller-manager and scheduler side by side above the apiserver, then etcd
  // and its healthcheck client below. A second component of a kind already placed goes further down.
  const taken = new Set<string>();
  let extraY = belowApi + 3 * m.centreStep;
  for (const node of centre) {
    const kind = kindOf(node);
    const slot = taken.has(kind) ? undefined : kind;
    taken.add(kind);
    const besideOffset = w / 2 + 8;
    if (slot === "kube-apiserver") at.set(node.id, { x: centreX, y: apiY });
    else if (slot === "kube-controller-manager") at.set(node.id, { x: centreX - besideOffset, y: rowY });
    else if (slot === "kube-scheduler") at.set(node.id, { x: centreX + besideOffset, y: rowY });
    else if (slot === "etcd") at.set(node.id, { x: centreX, y: belowApi + m.centreStep });
    else if (slot === "etcd-healthcheck") at.set(node.id, { x: centreX, y: belowApi + 2 * m.centreStep });
    else {
      at.set(node.id, { x: centreX, y: extraY });
      extraY += m.centreStep;
    }
  }

  const place = (column: GraphNode[], x: number) => {
    const ys = stack(
      column.map((n) => size(n).height),
      apiY,
      sideTop,
      m.stackGap,
    );
    column.forEach((node, i) => at.set(node.id, { x, y: ys[i] ?? apiY }));
  };
  place(left, leftX);
  place(right, rightX);

  return nodes.map((node) => {
    const { x, y } = at.get(node.id) ?? { x: centreX, y: apiY };
    return { ...node, x, y, ...size(node) };
  });
}
