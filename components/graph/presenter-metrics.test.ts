/**
 * Presenter mode's graph reads from the back of a room: laid out with the presenter metrics and fitted
 * to a projector's graph of about 1240×600 px, the demo's and a healthy cluster's box labels are at
 * least 20 px on screen and the parallel edges' letters at least 18 px, and no two boxes overlap.
 */
import { describe, expect, it } from "vitest";
import { formatReport } from "@/lib/test-support/format-reports";
import { reportFor } from "@/lib/test-support/fixtures";
import type { Report } from "@/lib/report";
import { fitTransform, graphFitOptions } from "./fit-transform";
import { PRESENTER_METRICS, WIDE_METRICS } from "./layout-metrics";
import { buildTopologyModel } from "./topology-model";
import { layoutModel, modelOptionsFor } from "./topology-layout";

/** The graph's box in presenter mode at 1280×720: the page's chrome hidden, the graph filling it. */
const PROJECTOR = { width: 1240, height: 600 };

function presenterLayout(report: Report) {
  const model = buildTopologyModel(report, modelOptionsFor({ width: PROJECTOR.width, height: 0 }));
  const layout = layoutModel(model, false, true);
  const fit = fitTransform(layout.bounds, PROJECTOR.width, PROJECTOR.height, graphFitOptions(false, true));
  return { layout, scale: fit.k };
}

const reports: { name: string; load: () => Promise<Report> }[] = [
  { name: "the demo", load: () => formatReport("demo") },
  { name: "healthy", load: () => reportFor("healthy") },
];

describe("presenter metrics", () => {
  it("are the wide variant with larger type, badges and letters", () => {
    expect(PRESENTER_METRICS.variant).toBe("wide");
    expect(PRESENTER_METRICS.fontSize).toBeGreaterThan(WIDE_METRICS.fontSize);
    expect(PRESENTER_METRICS.tagSize).toBeGreaterThan(WIDE_METRICS.tagSize);
    expect(PRESENTER_METRICS.badgeRadius).toBeGreaterThan(WIDE_METRICS.badgeRadius);
  });

  for (const { name, load } of reports)
    it(`${name}: labels ≥ 20 px and letters ≥ 18 px on a 1240×600 projector graph`, async () => {
      const { layout, scale } = presenterLayout(await load());
      expect(layout.metrics).toBe(PRESENTER_METRICS);
      expect(layout.metrics.fontSize * scale).toBeGreaterThanOrEqual(20);
      expect(layout.metrics.tagSize * scale).toBeGreaterThanOrEqual(18);
      const nodes = layout.nodes;
      for (const [i, a] of nodes.entries())
        for (const b of nodes.slice(i + 1))
          expect(
            Math.abs(a.x - b.x) >= (a.width + b.width) / 2 ||
              Math.abs(a.y - b.y) >= (a.height + b.height) / 2,
            `${a.id} and ${b.id} overlap`,
          ).toBe(true);
    });

  it("the wide variant alone would not do: its labels are under 20 px on the same screen", async () => {
    const report = await formatReport("demo");
    const model = buildTopologyModel(report, modelOptionsFor({ width: PROJECTOR.width, height: 0 }));
    const layout = layoutModel(model, false, false);
    const fit = fitTransform(layout.bounds, PROJECTOR.width, PROJECTOR.height, graphFitOptions(false, true));
    expect(layout.metrics.fontSize * fit.k).toBeLessThan(20);
  });
});
