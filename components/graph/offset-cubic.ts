/**
 * Parallel curves. Several edges between the same two boxes are drawn as parallels of one curve, so
 * they stay apart along their whole length, also where an S-curve runs steeply between rows (moving a
 * copy sideways would bring its steep middle right back onto the original).
 */
import { direction, type Cubic, type Point } from "./cubic";

/** The unit normal on the right of the direction from `a` to `b`, on screen (undefined when they coincide). */
export function normalOf(a: Point, b: Point): Point | undefined {
  const d = direction(a, b);
  return d.x === 0 && d.y === 0 ? undefined : { x: -d.y, y: d.x };
}

function intersect(a: Point, da: Point, b: Point, db: Point): Point | undefined {
  const cross = da.x * db.y - da.y * db.x;
  if (Math.abs(cross) < 1e-6) return undefined;
  const t = ((b.x - a.x) * db.y - (b.y - a.y) * db.x) / cross;
  return { x: a.x + da.x * t, y: a.y + da.y * t };
}

/**
 * A curve running alongside `curve` at distance `d`, on the right of its direction (on screen) for positive `d`
 * (Tiller–Hanson: offset each leg of the control polygon, then intersect neighbouring legs). Exact
 * for straight legs, close for the gentle S-curves the graph draws.
 */
export function offsetCubic(curve: Cubic, d: number): Cubic {
  if (d === 0) return curve;
  const [p0, p1, p2, p3] = curve;
  const chord = normalOf(p0, p3) ?? { x: 0, y: 1 };
  const n0 = normalOf(p0, p1) ?? normalOf(p0, p2) ?? chord;
  const n2 = normalOf(p2, p3) ?? normalOf(p1, p3) ?? chord;
  const n1 = normalOf(p1, p2) ?? { x: (n0.x + n2.x) / 2, y: (n0.y + n2.y) / 2 };
  const shift = (p: Point, n: Point) => ({ x: p.x + n.x * d, y: p.y + n.y * d });
  const joint = (p: Point, na: Point, da: Point, nb: Point, db: Point) => {
    const hit = intersect(shift(p, na), da, shift(p, nb), db);
    const mean = { x: (na.x + nb.x) / 2, y: (na.y + nb.y) / 2 };
    return hit && Math.hypot(hit.x - p.x, hit.y - p.y) <= 3 * Math.abs(d) ? hit : shift(p, mean);
  };
  const d0 = direction(p0, p1);
  const d1 = direction(p1, p2);
  const d2 = direction(p2, p3);
  return [shift(p0, n0), joint(p1, n0, d0, n1, d1), joint(p2, n1, d1, n2, d2), shift(p3, n2)];
}
