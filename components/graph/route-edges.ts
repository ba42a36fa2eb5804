/**
 * Edge geometry. Every edge leaves one side of its client's box and enters the facing side of its
 * server's box as an S-shaped cubic, so edges into a stacked column never cut through the boxes above
 * or below their target. Edge ends on one side are spread out and ordered by where the other end is,
 * which keeps a fan from crossing itself and keeps several edges between the same two boxes parallel.
 * Parallel edges are true parallels of one curve. An edge from a box to itself (etcd's peers) is a
 * loop under the box.
 */
import { arrowPath, cubicPath, direction, round, type Cubic, type Point } from "./cubic";
import type { LayoutMetrics } from "./layout-metrics";
import { normalOf, offsetCubic } from "./offset-cubic";
import { createBadgePlacer } from "./place-badges";
import type { PlacedNode } from "./place-nodes";
import type { GraphEdge } from "./topology-model";
import { maxOf } from "@/lib/shared/collections";

export type Side = "left" | "right" | "top" | "bottom";

export interface RoutedEdge extends GraphEdge {
  /** The visible line, ending at the base of the arrowhead. */
  path: string;
  /** A wider invisible path that takes the pointer (closed and filled for loops). */
  hitPath: string;
  /** The arrowhead at the server's end. */
  arrow: string;
  /** Where the status badge sits. */
  badge: Point;
  /**
   * A box centred on the badge that holds the whole edge: the element's bounding box, so whatever
   * points at an edge's centre (a test's click, a screen magnifier) lands on its badge.
   */
  frame: { x: number; y: number; width: number; height: number };
  /** Where the edge starts and where the arrow's tip touches the server. */
  start: Point;
  end: Point;
  loop: boolean;
  /** Every point that bounds the drawing (control points included). */
  extent: Point[];
}

const NORMAL: Record<Side, Point> = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  top: { x: 0, y: -1 },
  bottom: { x: 0, y: 1 },
};

const isSideColumn = (n: PlacedNode) => n.column === "left" || n.column === "right";

/** Which sides of the two boxes face each other: columns talk sideways, rows of one column vertically. */
export function facingSides(a: PlacedNode, b: PlacedNode): [Side, Side] {
  const gapX = Math.abs(a.x - b.x) - (a.width + b.width) / 2;
  const gapY = Math.abs(a.y - b.y) - (a.height + b.height) / 2;
  const sideways = isSideColumn(a) || isSideColumn(b) ? a.column !== b.column : gapX > gapY;
  if (sideways) return a.x <= b.x ? ["right", "left"] : ["left", "right"];
  return a.y <= b.y ? ["bottom", "top"] : ["top", "bottom"];
}

interface Attachment {
  edge: number;
  end: "source" | "target";
  other: PlacedNode;
  pairIndex: number;
}

/** Position of each edge end along its side: centred, at most `portGap` apart, inside the box. */
function assignPorts(
  node: PlacedNode,
  side: Side,
  attachments: Attachment[],
  m: LayoutMetrics,
): Map<Attachment, Point> {
  const vertical = side === "left" || side === "right";
  const sorted = [...attachments].sort(
    (a, b) =>
      (vertical ? a.other.y - b.other.y : a.other.x - b.other.x) ||
      a.other.id.localeCompare(b.other.id) ||
      a.pairIndex - b.pairIndex,
  );
  const length = vertical ? node.height : node.width;
  const usable = Math.max(0, length - 12);
  const spacing = sorted.length > 1 ? Math.min(m.portGap, usable / (sorted.length - 1)) : 0;
  const ports = new Map<Attachment, Point>();
  sorted.forEach((attachment, i) => {
    const offset = (i - (sorted.length - 1) / 2) * spacing;
    const n = NORMAL[side];
    ports.set(attachment, {
      x: node.x + (n.x * node.width) / 2 + (vertical ? 0 : offset),
      y: node.y + (n.y * node.height) / 2 + (vertical ? offset : 0),
    });
  });
  return ports;
}

/**
 * etcd's peer edge: a loop under the box, right of centre (the centre of the bottom side is where the
 * healthcheck client's edge arrives), entering the box again with its arrow.
 */
function loopCurve(node: PlacedNode, m: LayoutMetrics): { curve: Cubic; tip: Point; dir: Point } {
  const bottom = node.y + node.height / 2;
  const cx = node.x + node.width * 0.3;
  const spread = 7;
  const size = m.loopSize;
  const start = { x: cx + spread, y: bottom };
  const tip = { x: cx - spread, y: bottom };
  const c1 = { x: start.x + size * 0.55, y: bottom + size };
  const c2 = { x: tip.x - size * 0.55, y: bottom + size };
  const dir = direction(c2, tip);
  const end = { x: tip.x - dir.x * m.arrowLength, y: tip.y - dir.y * m.arrowLength };
  return { curve: [start, c1, c2, end], tip, dir };
}

/** The S-shaped cubic between two ports: out of one side along its normal, into the other along its. */
function sCurve(start: Point, startSide: Side, end: Point, endSide: Side): Cubic {
  const n0 = NORMAL[startSide];
  const n3 = NORMAL[endSide];
  const along = n0.x !== 0 ? Math.abs(end.x - start.x) : Math.abs(end.y - start.y);
  const pull = Math.max(along * 0.5, 18);
  return [
    start,
    { x: start.x + n0.x * pull, y: start.y + n0.y * pull },
    { x: end.x + n3.x * pull, y: end.y + n3.y * pull },
    end,
  ];
}

/** Room around an edge's frame for the strokes drawn along it (halo, pointer target), in layout units. */
const FRAME_MARGIN = 10;

interface Pair {
  /** The pair's edges, by index into the edge list, in edge order. */
  members: number[];
  /** The node whose id sorts first: curves of a pair are computed from it, then turned round. */
  first: string;
}

const mean = (points: Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / Math.max(1, points.length),
  y: points.reduce((sum, p) => sum + p.y, 0) / Math.max(1, points.length),
});

/** Turn a curve round and pull its end back so the arrowhead, not the line, touches the box. */
function orient(curve: Cubic, forward: boolean, m: LayoutMetrics): { curve: Cubic; tip: Point; dir: Point } {
  const [a, b, c, d] = forward ? curve : ([curve[3], curve[2], curve[1], curve[0]] as const);
  const dir = direction(c, d).x === 0 && direction(c, d).y === 0 ? direction(b, d) : direction(c, d);
  const back = (p: Point) => ({ x: p.x - dir.x * m.arrowLength, y: p.y - dir.y * m.arrowLength });
  return { curve: [a, b, back(c), back(d)], tip: d, dir };
}

/**
 * Route every edge between placed nodes: ports, cubic paths, arrowheads, and a badge position on each
 * edge that keeps clear of boxes and of earlier badges (sliding along the edge when the middle is taken).
 */
export function routeEdges(nodes: PlacedNode[], edges: GraphEdge[], m: LayoutMetrics): RoutedEdge[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pairs = new Map<string, Pair>();
  const pairOf: Pair[] = [];
  edges.forEach((edge, i) => {
    const ends = [edge.source, edge.target].sort() as [string, string];
    const key = ends.join("\u0000");
    const pair = pairs.get(key) ?? { members: [], first: ends[0] };
    pair.members.push(i);
    pairs.set(key, pair);
    pairOf[i] = pair;
  });

  const sides = new Map<string, Attachment[]>();
  const sideOf: [Side, Side][] = [];
  edges.forEach((edge, i) => {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target || source === target) return;
    const facing = facingSides(source, target);
    sideOf[i] = facing;
    const pairIndex = pairOf[i]?.members.indexOf(i) ?? 0;
    for (const [end, node, other, side] of [
      ["source", source, target, facing[0]],
      ["target", target, source, facing[1]],
    ] as const) {
      const key = `${node.id}\u0000${side}`;
      const list = sides.get(key) ?? [];
      list.push({ edge: i, end, other, pairIndex });
      sides.set(key, list);
    }
  });

  const portOf = new Map<string, Point>();
  for (const [key, attachments] of sides) {
    const [nodeId, side] = key.split("\u0000") as [string, Side];
    const node = byId.get(nodeId);
    if (!node) continue;
    for (const [attachment, point] of assignPorts(node, side, attachments, m))
      portOf.set(`${attachment.edge}:${attachment.end}`, point);
  }
  /** The port of edge `i` at node `id` (its source or its target end). */
  const port = (i: number, id: string): Point | undefined =>
    portOf.get(`${i}:${edges[i]?.source === id ? "source" : "target"}`);
  const sideAt = (i: number, id: string): Side =>
    (edges[i]?.source === id ? sideOf[i]?.[0] : sideOf[i]?.[1]) ?? "right";

  const shapes: { shape: { curve: Cubic; tip: Point; dir: Point }; preferred: number; loop: boolean }[] = [];
  edges.forEach((edge, i) => {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    const pair = pairOf[i];
    if (!source || !target || !pair) return;
    if (source === target) {
      shapes[i] = { shape: loopCurve(source, m), preferred: 0.5, loop: true };
      return;
    }
    // The pair's middle curve, through the mean of its ports, then this edge's parallel of it.
    const first = pair.first;
    const second = first === edge.source ? edge.target : edge.source;
    const starts = pair.members.map((j) => port(j, first)).filter((p) => p !== undefined);
    const ends = pair.members.map((j) => port(j, second)).filter((p) => p !== undefined);
    const base = sCurve(mean(starts), sideAt(i, first), mean(ends), sideAt(i, second));
    const index = pair.members.indexOf(i);
    const count = pair.members.length;
    const startSide = sideAt(i, first);
    const axis = startSide === "left" || startSide === "right" ? { x: 0, y: 1 } : { x: 1, y: 0 };
    const n0 = normalOf(base[0], base[1]) ?? axis;
    const sign = n0.x * axis.x + n0.y * axis.y < 0 ? -1 : 1;
    const offset = offsetCubic(base, sign * (index - (count - 1) / 2) * m.portGap);
    // Snap the ends onto the ports the side assigned (they differ only where a side is crowded).
    const from = port(i, first) ?? offset[0];
    const to = port(i, second) ?? offset[3];
    const d0 = { x: from.x - offset[0].x, y: from.y - offset[0].y };
    const d3 = { x: to.x - offset[3].x, y: to.y - offset[3].y };
    const snapped: Cubic = [
      from,
      { x: offset[1].x + d0.x, y: offset[1].y + d0.y },
      { x: offset[2].x + d3.x, y: offset[2].y + d3.y },
      to,
    ];
    const forwardIndex = first === edge.source ? index : count - 1 - index;
    // Edges crowd where they converge on a hub: lean the badge towards the quieter end.
    const crowd = (id: string) => sides.get(`${id}\u0000${sideAt(i, id)}`)?.length ?? 0;
    // A bundle of parallel edges spreads its badges along its length instead.
    const imbalance = crowd(edge.source) - crowd(edge.target);
    const lean = count > 1 ? 0 : Math.sign(imbalance) * (Math.abs(imbalance) >= 4 ? 0.16 : 0.08);
    const spread = count > 1 ? Math.min(0.18, 0.6 / (count - 1)) : 0;
    const preferred = 0.5 + lean + (forwardIndex - (count - 1) / 2) * spread;
    shapes[i] = {
      shape: orient(snapped, first === edge.source, m),
      preferred: Math.min(0.8, Math.max(0.2, preferred)),
      loop: false,
    };
  });

  const placeBadge = createBadgePlacer(
    nodes,
    shapes.map((entry) => entry?.shape.curve),
    m,
  );

  const routed: RoutedEdge[] = [];
  edges.forEach((edge, i) => {
    const entry = shapes[i];
    if (!entry) return;
    const { shape, loop } = entry;
    const at = placeBadge(i, loop ? [0.5] : entry.preferred);
    const badge = { x: round(at.x), y: round(at.y) };
    const path = cubicPath(shape.curve);
    const extent = [...shape.curve, shape.tip];
    // Browsers size a stroked path's box generously (a round join still adds half the stroke), so
    // the frame reaches past every stroke of the edge on all four sides.
    const reach = (axis: "x" | "y") =>
      FRAME_MARGIN +
      Math.max(m.badgeRadius, m.arrowLength, maxOf(extent.map((p) => Math.abs(p[axis] - badge[axis]))));
    const rx = reach("x");
    const ry = reach("y");
    routed.push({
      ...edge,
      path,
      hitPath: loop ? `${path}Z` : path,
      arrow: arrowPath(shape.tip, shape.dir, m.arrowLength, m.arrowHalfWidth),
      badge,
      frame: { x: round(badge.x - rx), y: round(badge.y - ry), width: round(2 * rx), height: round(2 * ry) },
      start: shape.curve[0],
      end: shape.tip,
      loop,
      extent,
    });
  });
  return routed;
}
