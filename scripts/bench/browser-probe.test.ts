import { describe, expect, it } from "vitest";

import { dropFigures } from "./browser-probe";

describe("dropFigures", () => {
  it("a drop without long tasks blocked nothing", () => {
    expect(dropFigures({ dropToRenderMs: 120, longTasksMs: [], run: 2 })).toEqual({
      dropToRenderMs: 120,
      longestTaskMs: 0,
      blockingMs: 0,
    });
  });

  it("blocking time is each long task's excess over 50 ms, summed", () => {
    expect(dropFigures({ dropToRenderMs: 900, longTasksMs: [51, 80, 250], run: 3 })).toEqual({
      dropToRenderMs: 900,
      longestTaskMs: 250,
      blockingMs: 1 + 30 + 200,
    });
  });
});
