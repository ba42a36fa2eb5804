/**
 * Where each edge's status badge sits. A badge must not touch a box or another badge, and no other
 * edge's pointer target may cover it: the badge is the centre of its edge's frame, so whatever points
 * at an edge's centre (a click in a test, a screen magnifier) must land on that edge. Badges slide
 * along their edge, away from the preferred spot, until they find such a place.
 */
import { cubicAt, distanceToBox, type Cubic, type Point } from "./cubic";
import type { LayoutMetrics } from "./layout-metrics";
import type { PlacedNode } from "./place-nodes";
import { minOf } from "@/lib/shared/collections";

/** Points per edge when checking a badge's distance from the other edges. */
const SAMPLES = 120;

/** Positions to try along an edge (0..1), nearest the preferred one first. */
function candidates(preferred: number): number[] {
  const out = [preferred];
  for (let step = 0.04; step <= 0.84; step += 0.04) out.push(preferred - step, preferred + step);
  return out.filter((t) => t >= 0.08 && t <= 0.92);
}

/**
 * A placer for the badges of `curves` (by edge index; undefined for edges not drawn), to be called
 * once per edge in drawing order: `place(i, preferred)` returns the badge position of edge `i`,
 * trying `preferred` (a position along the edge, or exact positions as a list) first. Earlier badges
 * constrain later ones.
 */
export function createBadgePlacer(
  nodes: PlacedNode[],
  curves: (Cubic | undefined)[],
  m: LayoutMetrics,
): (edge: number, preferred: number | number[]) => Point {
  const samples = curves.map((curve) =>
    curve ? Array.from({ length: SAMPLES + 1 }, (_, k) => cubicAt(curve, k / SAMPLES)) : [],
  );
  const placed: Point[] = [];

  /**
   * How far a badge at `p` keeps from trouble, twice: `soft` with room to spare (badges apart,
   * edges clear), `hard` just enough for a pointer on its centre to reach its edge. Negative when
   * violated.
   */
  const clearance = (p: Point, own: number) => {
    const boxes = minOf(nodes.map((n) => distanceToBox(p, n) - (m.badgeRadius + 3)));
    const badge = minOf(placed.map((b) => Math.hypot(b.x - p.x, b.y - p.y)));
    let curve = Infinity;
    samples.forEach((points, j) => {
      if (j !== own) for (const q of points) curve = Math.min(curve, Math.hypot(q.x - p.x, q.y - p.y));
    });
    return {
      soft: Math.min(boxes, badge - (2 * m.badgeRadius + 2), curve - (m.hitWidth / 2 + 1.5)),
      hard: Math.min(boxes, badge - (m.badgeRadius + 1.5), curve - (m.hitWidth / 2 + 0.5)),
    };
  };

  return (edge, preferred) => {
    const curve = curves[edge];
    const ts = Array.isArray(preferred) ? preferred : candidates(preferred);
    const spots = curve ? ts.map((t) => cubicAt(curve, t)) : [];
    const scored = spots.map((spot) => ({ spot, ...clearance(spot, edge) }));
    // The free spot nearest the preferred one; else one a pointer can still reach; else the least bad.
    const pick =
      scored.find((s) => s.soft >= 0) ??
      scored.find((s) => s.hard >= 0) ??
      scored.reduce(
        (best, s) => (s.hard > best.hard ? s : best),
        scored[0] ?? { spot: { x: 0, y: 0 }, hard: 0 },
      );
    placed.push(pick.spot);
    return pick.spot;
  };
}
