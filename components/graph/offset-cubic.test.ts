import { describe, expect, it } from "vitest";
import { cubicAt, type Cubic, type Point } from "./cubic";
import { normalOf, offsetCubic } from "./offset-cubic";

/** Smallest distance from `p` to a finely sampled curve. */
function distanceTo(curve: Cubic, p: Point): number {
  let best = Infinity;
  for (let t = 0; t <= 1; t += 0.001) {
    const q = cubicAt(curve, t);
    best = Math.min(best, Math.hypot(q.x - p.x, q.y - p.y));
  }
  return best;
}

describe("normalOf", () => {
  it.each([
    {
      name: "rightwards points down the screen",
      a: { x: 0, y: 0 },
      b: { x: 5, y: 0 },
      want: { x: -0, y: 1 },
    },
    { name: "downwards points left", a: { x: 0, y: 0 }, b: { x: 0, y: 2 }, want: { x: -1, y: 0 } },
    { name: "no direction, no normal", a: { x: 1, y: 1 }, b: { x: 1, y: 1 }, want: undefined },
  ])("$name", ({ a, b, want }) => {
    expect(normalOf(a, b)).toEqual(want);
  });
});

describe("offsetCubic", () => {
  const straight: Cubic = [
    { x: 0, y: 0 },
    { x: 30, y: 0 },
    { x: 60, y: 0 },
    { x: 90, y: 0 },
  ];
  // The shape the graph draws between columns: horizontal out, steeply down, horizontal in.
  const sCurve: Cubic = [
    { x: 0, y: 0 },
    { x: 50, y: 0 },
    { x: 50, y: 160 },
    { x: 100, y: 160 },
  ];

  it("leaves a curve alone at distance 0", () => {
    expect(offsetCubic(sCurve, 0)).toBe(sCurve);
  });

  it("moves a straight line sideways by exactly d", () => {
    expect(offsetCubic(straight, 10)).toEqual([
      { x: 0, y: 10 },
      { x: 30, y: 10 },
      { x: 60, y: 10 },
      { x: 90, y: 10 },
    ]);
  });

  it.each([8, -8, 10])("keeps a steep S-curve about %d away along its whole length", (d) => {
    const parallel = offsetCubic(sCurve, d);
    for (let t = 0; t <= 1; t += 0.05) {
      const gap = distanceTo(sCurve, cubicAt(parallel, t));
      expect(gap, `t=${t.toFixed(2)}`).toBeGreaterThan(Math.abs(d) * 0.75);
      expect(gap, `t=${t.toFixed(2)}`).toBeLessThan(Math.abs(d) * 1.3);
    }
  });
});
