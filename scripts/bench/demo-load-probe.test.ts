import { describe, expect, it } from "vitest";

import { demoLoadFigures } from "./demo-load-probe";

describe("demoLoadFigures", () => {
  it.each([
    {
      name: "a load without long tasks blocked nothing",
      timing: { firstPaintMs: 200, paintedMs: 900, longTasks: [] },
      want: { firstPaintToGraphMs: 700, longestTaskMs: 0, blockingMs: 0 },
    },
    {
      name: "only long tasks overlapping first paint → painted graph count",
      timing: {
        firstPaintMs: 200,
        paintedMs: 900,
        longTasks: [
          [50, 100], // ends before the first paint
          [180, 70], // straddles the first paint
          [600, 250], // straddles the painted graph
          [1000, 400], // after the graph was painted
        ] as [number, number][],
      },
      want: { firstPaintToGraphMs: 700, longestTaskMs: 250, blockingMs: 20 + 200 },
    },
  ])("$name", ({ timing, want }) => {
    expect(demoLoadFigures(timing)).toEqual(want);
  });

  it("splits the wait at the Worker's start and its report's arrival", () => {
    const timing = { firstPaintMs: 200, paintedMs: 900, longTasks: [], workerStartedMs: 150, reportMs: 650 };
    expect(demoLoadFigures(timing).phases).toEqual({ workerStartedMs: -50, reportMs: 450, renderMs: 250 });
  });
});
