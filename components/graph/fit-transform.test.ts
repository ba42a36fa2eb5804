import { describe, expect, it } from "vitest";
import { fitTransform, naturalHeight } from "./fit-transform";

const options = { padding: 10, maxScale: 1.2, minScale: 0.2 };

describe("fitTransform", () => {
  it.each([
    {
      name: "shrinks a wide drawing to the width and centres it vertically",
      bounds: { x: 0, y: 0, width: 960, height: 480 },
      size: [500, 500] as const,
      want: { k: 0.5, x: 10, y: 130 },
    },
    {
      name: "does not enlarge past the maximum",
      bounds: { x: -50, y: -50, width: 100, height: 100 },
      size: [1000, 800] as const,
      want: { k: 1.2, x: 500, y: 400 },
    },
    {
      name: "leaves an empty drawing alone",
      bounds: { x: 0, y: 0, width: 0, height: 0 },
      size: [300, 300] as const,
      want: { k: 1, x: 0, y: 0 },
    },
  ])("$name", ({ bounds, size, want }) => {
    const got = fitTransform(bounds, size[0], size[1], options);
    expect(got.k).toBeCloseTo(want.k);
    expect(got.x).toBeCloseTo(want.x);
    expect(got.y).toBeCloseTo(want.y);
  });
});

describe("naturalHeight", () => {
  it.each([
    { name: "tall drawing on a phone grows the panel", width: 358, want: 696 },
    { name: "wide screen shows it at most at the maximum scale, then clamps", width: 2000, want: 800 },
  ])("$name", ({ width, want }) => {
    const bounds = { x: 0, y: 0, width: 400, height: 800 };
    expect(naturalHeight(bounds, width, { ...options, min: 360, max: 800 })).toBe(want);
  });
});
