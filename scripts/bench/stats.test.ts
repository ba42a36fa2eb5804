import { describe, expect, it } from "vitest";

import { growthExponent, median, summarize } from "./stats";

describe("median", () => {
  const cases = [
    { name: "odd count, unsorted", input: [5, 1, 3], want: 3 },
    { name: "even count is the mean of the middle two", input: [4, 1, 3, 2], want: 2.5 },
    { name: "one sample", input: [7], want: 7 },
    { name: "an outlier does not move it", input: [10, 11, 12, 900, 10.5], want: 11 },
  ];
  it.each(cases)("$name", ({ input, want }) => {
    expect(median(input)).toBe(want);
  });

  it("refuses no samples", () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe("summarize", () => {
  it("gives median, min and max", () => {
    expect(summarize([3, 9, 1, 4])).toEqual({ median: 3.5, min: 1, max: 9 });
  });
});

describe("growthExponent", () => {
  const cases = [
    { name: "linear", timeA: 10, timeB: 40, sizeA: 50, sizeB: 200, want: 1 },
    { name: "quadratic", timeA: 10, timeB: 160, sizeA: 50, sizeB: 200, want: 2 },
    { name: "constant", timeA: 10, timeB: 10, sizeA: 200, sizeB: 1000, want: 0 },
  ];
  it.each(cases)("$name", ({ timeA, timeB, sizeA, sizeB, want }) => {
    expect(growthExponent(timeA, timeB, sizeA, sizeB)).toBeCloseTo(want, 10);
  });
});
