import { describe, expect, it } from "vitest";
import {
  clusterFacts,
  countNoun,
  expiryPhrase,
  formatUtc,
  percent,
  remainingPhrase,
  thresholdsPhrase,
} from "./labels";
import { sampleReport } from "./sample-report";

const NOW = "2026-12-01T00:00:00.000Z";

describe("expiry wording", () => {
  const cases: { notAfter: string; expiry: string; remaining: string }[] = [
    { notAfter: "2027-11-22T03:22:00Z", expiry: "expires in 356 days", remaining: "356 days left" },
    { notAfter: "2036-11-19T03:22:00Z", expiry: "expires in 9 years", remaining: "9 years left" },
    { notAfter: "2026-12-01T05:00:00Z", expiry: "expires in 5 hours", remaining: "5 hours left" },
    {
      notAfter: "2026-12-01T00:30:00Z",
      expiry: "expires in less than an hour",
      remaining: "less than an hour left",
    },
    {
      notAfter: "2026-11-30T23:30:00Z",
      expiry: "expired less than an hour ago",
      remaining: "expired less than an hour ago",
    },
    { notAfter: "2026-11-28T00:00:00Z", expiry: "expired 3 days ago", remaining: "expired 3 days ago" },
  ];
  it.each(cases)("$notAfter → $expiry / $remaining", ({ notAfter, expiry, remaining }) => {
    expect(expiryPhrase(NOW, notAfter)).toBe(expiry);
    expect(remainingPhrase(NOW, notAfter)).toBe(remaining);
  });
});

describe("small labels", () => {
  const nouns: { count: number; noun: string; want: string }[] = [
    { count: 1, noun: "error", want: "1 error" },
    { count: 0, noun: "error", want: "0 errors" },
    { count: 3, noun: "info", want: "3 info" },
  ];
  it.each(nouns)("countNoun($count, $noun)", ({ count, noun, want }) => {
    expect(countNoun(count, noun)).toBe(want);
  });

  it("formats instants in UTC and leaves garbage alone", () => {
    expect(formatUtc("2027-11-22T05:22:00+02:00")).toBe("2027-11-22 03:22 UTC");
    expect(formatUtc("someday")).toBe("someday");
  });

  it("names version and nodes when known, nothing otherwise", () => {
    expect(clusterFacts(sampleReport())).toBe("Kubernetes v1.20.2 · node cp-1");
    const cluster = { nodes: ["a", "b"], dnsDomain: "cluster.local" };
    expect(clusterFacts(sampleReport({ cluster }))).toBe("nodes a, b");
    expect(clusterFacts(sampleReport({ cluster: { nodes: [], dnsDomain: "cluster.local" } }))).toBe("");
  });
});

describe("thresholds", () => {
  const fractions: { fraction: number; want: string }[] = [
    { fraction: 0.1, want: "10 %" },
    { fraction: 0.125, want: "12.5 %" },
    { fraction: 0, want: "0 %" },
    { fraction: 1, want: "100 %" },
  ];
  it.each(fractions)("percent($fraction)", ({ fraction, want }) => {
    expect(percent(fraction)).toBe(want);
  });

  it("states the warning window, the share of lifetime and the CA horizon", () => {
    expect(thresholdsPhrase(sampleReport())).toBe(
      "warning window 30 days or last 10 % of lifetime · CA horizon 365 days",
    );
    expect(thresholdsPhrase(sampleReport({ warnDays: 1, warnFraction: 0.25, caHorizonDays: 90 }))).toBe(
      "warning window 1 day or last 25 % of lifetime · CA horizon 90 days",
    );
  });
});
