/**
 * Keyboard moves inside the topology graph, which is one Tab stop. The graph is read as rows: the
 * boxes in reading order (trust anchors left to right, then the clients' column, the control plane
 * and the kubelets' column, each top to bottom), and after each box the relationships it takes part
 * in (for a CA or the key pair, the ones it vouches for), nearest box first.
 *
 * - Up and Down move to the previous or next box, wrapping, also from one of a box's relationships.
 * - Right goes from a box to its first relationship, then along them; Left goes back, to the box.
 * - Home and End go to the first and last box.
 *
 * A list with a second level, rather than a jump to the nearest item in the arrow's direction: a
 * screen reader's user cannot see where "nearest" is, and every item stays reachable in a known order.
 */
import type { Point } from "./cubic";
import type { Column } from "./topology-model";

export interface NavNode {
  id: string;
  column: Column;
  x: number;
  y: number;
}

export interface NavEdge {
  id: string;
  /** The client's box. */
  source: string;
  /** The server's box. */
  target: string;
  /** The anchors that vouch for the relationship. */
  anchors: readonly string[];
  badge: Point;
}

/** Where the keyboard is: on a box, or on a relationship reached from (listed under) a box. */
export type NavPosition = { kind: "node"; id: string } | { kind: "edge"; id: string; row: string };

export interface GraphNav {
  /** Box ids in reading order. */
  nodes: readonly string[];
  /** Each box's relationships, in keyboard order. */
  rows: ReadonlyMap<string, readonly string[]>;
  /** The row a relationship belongs to when it is reached without one (a click): its client's. */
  home: ReadonlyMap<string, string>;
}

const COLUMN_ORDER: Record<Column, number> = { anchors: 0, left: 1, centre: 2, right: 3 };

/** Reading order of boxes: anchors left to right, then each column top to bottom. */
export function byReadingOrder(a: NavNode, b: NavNode): number {
  return COLUMN_ORDER[a.column] - COLUMN_ORDER[b.column] || a.y - b.y || a.x - b.x;
}

/**
 * The rows of a drawn graph. A box's relationships are ordered by the box at their other end (in
 * reading order), then by where their badges are; a CA's by their client's box.
 */
export function buildGraphNav(nodes: readonly NavNode[], edges: readonly NavEdge[]): GraphNav {
  const order = [...nodes].sort(byReadingOrder).map((node) => node.id);
  const rank = new Map(order.map((id, index) => [id, index]));
  const rows = new Map<string, string[]>();
  const home = new Map<string, string>();
  for (const id of order) {
    const anchor = nodes.find((node) => node.id === id)?.column === "anchors";
    const other = (edge: NavEdge) => (anchor ? edge.source : edge.source === id ? edge.target : edge.source);
    const mine = edges.filter((edge) =>
      anchor ? edge.anchors.includes(id) : edge.source === id || edge.target === id,
    );
    mine.sort(
      (a, b) =>
        (rank.get(other(a)) ?? 0) - (rank.get(other(b)) ?? 0) ||
        a.badge.y - b.badge.y ||
        a.badge.x - b.badge.x,
    );
    rows.set(
      id,
      mine.map((edge) => edge.id),
    );
  }
  for (const edge of edges) home.set(edge.id, edge.source);
  return { nodes: order, rows, home };
}

/** The row an edge is in: the one it was reached from, when it is listed there, else its home row. */
function rowOf(edgeId: string, from: string | undefined, nav: GraphNav): string | undefined {
  if (from !== undefined && nav.rows.get(from)?.includes(edgeId)) return from;
  return nav.home.get(edgeId);
}

/**
 * Where the keyboard is once an item has focus (by a key, a click or Tab), given where it was: a
 * relationship keeps the row it was reached from.
 */
export function positionOnFocus(
  item: { kind: "node" | "edge"; id: string },
  previous: NavPosition | null,
  nav: GraphNav,
): NavPosition {
  if (item.kind === "node") return { kind: "node", id: item.id };
  if (previous?.kind === "edge" && previous.id === item.id) return previous;
  const from = previous === null ? undefined : previous.kind === "node" ? previous.id : previous.row;
  return { kind: "edge", id: item.id, row: rowOf(item.id, from, nav) ?? "" };
}

/** The position a key moves to from `at`; undefined for other keys and for moves off the end of a row. */
export function nextGraphPosition(key: string, at: NavPosition, nav: GraphNav): NavPosition | undefined {
  const count = nav.nodes.length;
  if (count === 0) return undefined;
  const box = at.kind === "node" ? at.id : at.row;
  const index = nav.nodes.indexOf(box);
  const node = (i: number): NavPosition | undefined => {
    const id = nav.nodes[(i + count) % count];
    return id === undefined ? undefined : { kind: "node", id };
  };
  const row = nav.rows.get(box) ?? [];
  const edge = (i: number): NavPosition | undefined => {
    const id = row[i];
    return id === undefined ? undefined : { kind: "edge", id, row: box };
  };
  const column = at.kind === "edge" ? row.indexOf(at.id) : -1;
  switch (key) {
    case "ArrowDown":
      return node(index < 0 ? 0 : index + 1);
    case "ArrowUp":
      return node(index < 0 ? count - 1 : index - 1);
    case "Home":
      return node(0);
    case "End":
      return node(count - 1);
    case "ArrowRight":
      return edge(column + 1);
    case "ArrowLeft":
      if (at.kind === "node") return undefined;
      return column > 0 ? edge(column - 1) : index < 0 ? undefined : node(index);
    default:
      return undefined;
  }
}
