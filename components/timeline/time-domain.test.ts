import { describe, expect, it } from "vitest";
import { DAY_MS } from "@/lib/expiry";
import { reportFor } from "@/lib/test-support/fixtures";
import { focusDomain, fullDomain } from "./time-domain";
import { buildTimeline } from "./timeline-rows";

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("focusDomain", () => {
  it("kubeadm v1.20: from just before the leaves were issued to just after the CA horizon", async () => {
    const model = buildTimeline(await reportFor("kubeadm-v1.20"));
    const focus = focusDomain(model);
    const leaves = model.bars.filter((bar) => !bar.heading);
    const firstIssued = Math.min(...leaves.map((bar) => bar.notBefore));
    expect(focus.start).toBeLessThan(firstIssued);
    expect(firstIssued - focus.start).toBeLessThan(30 * DAY_MS);
    expect(focus.end).toBeGreaterThan(model.horizonEnd);
    expect(focus.end - model.horizonEnd).toBeLessThan(30 * DAY_MS);
    // Every leaf is whole in the opening view; the ten-year CAs run on past it.
    for (const bar of leaves) {
      expect(bar.notBefore).toBeGreaterThan(focus.start);
      expect(bar.notAfter).toBeLessThan(focus.end);
    }
    for (const bar of model.bars.filter((b) => b.heading)) expect(bar.notAfter).toBeGreaterThan(focus.end);
    // A margin of 3 % of the span (eleven days here) either side.
    expect([iso(focus.start), iso(focus.end)]).toEqual(["2026-11-10", "2027-12-12"]);
  });

  it("healthy: the leaves issued five months before the judge date are in view from their start", async () => {
    const model = buildTimeline(await reportFor("healthy"));
    const focus = focusDomain(model);
    expect(focus.start).toBeLessThan(Date.parse("2025-12-31T23:00:00Z"));
    expect(focus.end).toBeGreaterThan(model.horizonEnd);
  });

  it("never reaches more than two years back or three years ahead of the judge date, plus the margin", async () => {
    // Judged ten years on, every certificate of the healthy node has long expired.
    const model = buildTimeline(await reportFor("healthy", "2036-06-01T00:00:00Z"));
    const focus = focusDomain(model);
    const span = focus.end - focus.start;
    expect(focus.start).toBeGreaterThanOrEqual(model.now - 2 * 365.25 * DAY_MS - span * 0.04);
    expect(focus.end).toBeGreaterThan(model.horizonEnd);
  });
});

describe("fullDomain", () => {
  it("holds every certificate end to end, the judge date and the horizon", async () => {
    const model = buildTimeline(await reportFor("kubeadm-v1.20"));
    const full = fullDomain(model);
    for (const bar of model.bars) {
      expect(bar.notBefore).toBeGreaterThan(full.start);
      expect(bar.notAfter).toBeLessThan(full.end);
    }
    expect(full.start).toBeLessThan(model.now);
    // The ten-year CAs' end plus a margin of 2 % of the span.
    expect(iso(full.end)).toBe("2037-01-31");
  });
});
