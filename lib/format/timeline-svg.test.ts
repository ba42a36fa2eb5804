import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { ExpiryState } from "../expiry";
import type { Report } from "../report";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { certificateRows } from "./certificate-rows";
import { BAR_STYLE, MAX_BARS, timelineSvg } from "./timeline-svg";

const STATES: ExpiryState[] = ["ok", "soon", "expired", "not-yet-valid"];
const bars = (svg: string): string[] =>
  [...svg.matchAll(/<g class="bar" data-state="([a-z-]+)"/g)].map((m) => m[1] ?? "");
const names = (svg: string): string[] =>
  [...svg.matchAll(/<g class="bar"[^>]*><title>.*?<\/title><text[^>]*>([^<]*)<\/text>/g)].map(
    (m) => m[1] ?? "",
  );

describe("timelineSvg", () => {
  it("draws one bar per certificate row, soonest first, names told apart by their folder", async () => {
    const report = await analyze(readTree(fixtureDir("rotation/cluster-ca-2-mistake-worker-skipped")), {
      now: "2026-12-01T00:00:00Z",
    });
    const svg = timelineSvg(report);
    const rows = certificateRows(report);
    expect(bars(svg)).toEqual(rows.map((row) => row.certificate.expiryState));
    const labels = names(svg);
    expect(labels).toHaveLength(rows.length);
    // Three control-plane nodes each hold an apiserver.crt: each bar says whose.
    expect(labels.filter((name) => name.endsWith(" · apiserver.crt")).sort()).toEqual([
      "cp-1 · apiserver.crt",
      "cp-2 · apiserver.crt",
      "cp-3 · apiserver.crt",
    ]);
    expect(svg).toContain("judged 2026-12-01");
    expect(timelineSvg(report)).toBe(svg);
  });

  // The healthy fixture judged before it was issued, as issued, near its leaves' expiry and after it.
  it.each(["2020-01-01T00:00:00Z", "2026-06-01T00:00:00Z", "2026-12-20T00:00:00Z", "2027-01-10T00:00:00Z"])(
    "at %s: a pattern and a legend line for exactly the states drawn",
    async (now) => {
      const report = await analyze(readTree(fixtureDir("healthy")), { now });
      const svg = timelineSvg(report);
      const drawn = new Set(bars(svg));
      expect([...drawn].sort()).toEqual([...new Set(report.certificates.map((c) => c.expiryState))].sort());
      for (const state of STATES) {
        expect(svg.includes(BAR_STYLE[state].word), state).toBe(drawn.has(state));
        expect(svg.includes(`id="timeline-${state}"`), state).toBe(drawn.has(state) && state !== "ok");
      }
      expect(svg).toContain("the judge instant");
    },
  );

  it("draws at most MAX_BARS bars and counts the rest", async () => {
    const healthy = await analyze(readTree(fixtureDir("healthy")), { now: "2026-06-01T00:00:00Z" });
    const [first] = healthy.certificates;
    if (!first) throw new Error("the healthy fixture has certificates");
    const many: Report = {
      ...healthy,
      relationships: [],
      certificates: Array.from({ length: MAX_BARS + 40 }, (_, i) => ({
        ...first,
        id: `copy-${i}`,
        paths: [`copies/${i}/ca.crt`],
      })),
    };
    const svg = timelineSvg(many);
    expect(bars(svg)).toHaveLength(MAX_BARS);
    expect(svg).toContain("and 40 more rows, expiring later");
  });
});
