/**
 * The little geometry the edges need: points, cubic Bézier evaluation, and path strings rounded to a
 * tenth of a unit so layouts compare exactly in tests and stay small in the DOM.
 */
export interface Point {
  x: number;
  y: number;
}

export type Cubic = readonly [Point, Point, Point, Point];

/** Round to one decimal; `-0` becomes `0` so path strings are stable. */
export function round(value: number): number {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? 0 : r;
}

function pt(p: Point): string {
  return `${round(p.x)} ${round(p.y)}`;
}

/** The point at `t` (0..1) on a cubic Bézier. */
export function cubicAt([p0, p1, p2, p3]: Cubic, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** SVG path data of a cubic Bézier. */
export function cubicPath([p0, p1, p2, p3]: Cubic): string {
  return `M${pt(p0)}C${pt(p1)} ${pt(p2)} ${pt(p3)}`;
}

/** A filled triangle whose tip is at `tip`, pointing along the unit vector `dir`. */
export function arrowPath(tip: Point, dir: Point, length: number, halfWidth: number): string {
  const base = { x: tip.x - dir.x * length, y: tip.y - dir.y * length };
  const left = { x: base.x - dir.y * halfWidth, y: base.y + dir.x * halfWidth };
  const right = { x: base.x + dir.y * halfWidth, y: base.y - dir.x * halfWidth };
  return `M${pt(tip)}L${pt(left)}L${pt(right)}Z`;
}

/** Unit vector from `a` to `b` (zero vector when they coincide). */
export function direction(a: Point, b: Point): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  return length === 0 ? { x: 0, y: 0 } : { x: dx / length, y: dy / length };
}

/** Distance from a point to an axis-aligned rectangle given by its centre and size (0 inside). */
export function distanceToBox(
  p: Point,
  box: { x: number; y: number; width: number; height: number },
): number {
  const dx = Math.max(0, Math.abs(p.x - box.x) - box.width / 2);
  const dy = Math.max(0, Math.abs(p.y - box.y) - box.height / 2);
  return Math.hypot(dx, dy);
}
