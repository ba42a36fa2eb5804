import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { buildTimeline } from "./timeline-rows";
import { COMPACT_BELOW, layoutRows, timelineMetrics, visibleRange } from "./timeline-metrics";

describe("timelineMetrics", () => {
  it("wide panels get a label column and a remaining-time column around the plot", () => {
    const m = timelineMetrics(830);
    expect(m.compact).toBe(false);
    expect(m.plotLeft).toBe(m.padX + m.labelWidth);
    expect(m.plotRight).toBe(830 - m.padX - m.expiryWidth);
    expect(m.plotRight - m.plotLeft).toBeGreaterThan(400);
  });

  it("phones give the plot the whole width", () => {
    const m = timelineMetrics(366);
    expect(m.compact).toBe(true);
    expect([m.plotLeft, m.plotRight]).toEqual([m.padX, 366 - m.padX]);
    expect(timelineMetrics(COMPACT_BELOW).compact).toBe(false);
  });

  it("row heights are multiples of 4, so the issuer's dotted line runs on from row to row", () => {
    for (const width of [366, 830]) {
      const m = timelineMetrics(width);
      for (const height of [...Object.values(m.rowHeight), m.rowHeight.bar + m.flagHeight])
        expect(height % 4, `${width}: ${height}`).toBe(0);
    }
  });
});

describe("layoutRows and visibleRange", () => {
  it("stacks the rows of a real report and finds the ones in a viewport", async () => {
    const model = buildTimeline(await reportFor("healthy"));
    const metrics = timelineMetrics(830);
    const layout = layoutRows(model.rows, metrics);
    expect(layout.tops[0]).toBe(0);
    expect(layout.total).toBe(layout.heights.reduce((a, b) => a + b, 0));
    for (let i = 1; i < layout.tops.length; i++)
      expect(layout.tops[i]).toBe((layout.tops[i - 1] ?? 0) + (layout.heights[i - 1] ?? 0));
    expect(visibleRange(layout, 0, 1, 0)).toEqual([0, 1]);
    const second = layout.tops[1] ?? 0;
    expect(visibleRange(layout, second, second + 1, 0)).toEqual([1, 2]);
    expect(visibleRange(layout, 0, layout.total, 0)).toEqual([0, model.rows.length]);
    expect(visibleRange(layout, layout.total - 1, layout.total, 2)).toEqual([
      model.rows.length - 3,
      model.rows.length,
    ]);
  });
});
