import { describe, expect, it } from "vitest";

import { Prng } from "./prng";

const draws = (prng: Prng, n: number) => Array.from({ length: n }, () => prng.nextUint32());

describe("Prng", () => {
  it("gives the same stream for the same seed and a different one for another", () => {
    expect(draws(new Prng(1), 5)).toEqual(draws(new Prng(1), 5));
    expect(draws(new Prng(1), 5)).not.toEqual(draws(new Prng(2), 5));
  });

  it("is mulberry32: seed 0 draws what the original function draws", () => {
    expect(draws(new Prng(0), 3)).toEqual([1144304738, 1416247, 958946056]);
  });

  it("gives each case of a run its own stream", () => {
    expect(draws(Prng.forCase(1, 0), 4)).toEqual(draws(Prng.forCase(1, 0), 4));
    expect(draws(Prng.forCase(1, 0), 4)).not.toEqual(draws(Prng.forCase(1, 1), 4));
    expect(draws(Prng.forCase(1, 7), 4)).not.toEqual(draws(Prng.forCase(2, 7), 4));
  });

  it.each([
    { name: "int stays in [0, n)", draw: (p: Prng) => p.int(7), ok: (v: number) => v >= 0 && v < 7 },
    {
      name: "range stays in [min, max]",
      draw: (p: Prng) => p.range(3, 5),
      ok: (v: number) => v >= 3 && v <= 5,
    },
    { name: "next stays in [0, 1)", draw: (p: Prng) => p.next(), ok: (v: number) => v >= 0 && v < 1 },
  ])("$name", ({ draw, ok }) => {
    const prng = new Prng(42);
    for (let i = 0; i < 2000; i++) expect(ok(draw(prng))).toBe(true);
  });

  it("picks by weight, never a zero-weight item", () => {
    const prng = new Prng(9);
    const counts = { a: 0, b: 0, never: 0 };
    const items = [
      { weight: 3, value: "a" as const },
      { weight: 1, value: "b" as const },
      { weight: 0, value: "never" as const },
    ];
    for (let i = 0; i < 4000; i++) counts[prng.weighted(items)]++;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.5);
    expect(counts.a / counts.b).toBeLessThan(3.5);
  });
});
