import { describe, expect, it } from "vitest";

import { maxOf, minOf, pushAll } from "./collections";

describe("collections", () => {
  it("appends a million items, where a spread overflows the stack", () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(() => [0].push(...many)).toThrow(RangeError);
    expect(pushAll([-1], many)).toHaveLength(1_000_001);
  });

  it.each([[[3, 1, 2]], [[]], [[5]], [[1, Number.NaN, 3]]])(
    "gives what Math.min and Math.max give for %j",
    (values) => {
      expect(minOf(values)).toBe(Math.min(...values));
      expect(maxOf(values)).toBe(Math.max(...values));
    },
  );
});
