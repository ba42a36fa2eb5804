/**
 * The one expiry judgement every view shares: the absolute window (days) and the relative one (share
 * of the lifetime left), the rule that short-lived certificates are judged by the fraction alone,
 * the exact boundaries, and the kubelet's rotation window — on explicit dates and on real files.
 */
import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  DEFAULT_WARN_DAYS,
  DEFAULT_WARN_FRACTION,
  isKubeletRotated,
  judgeExpiry,
  rotationWindow,
  type ExpiryJudgement,
} from "./expiry";
import { ingest } from "./ingest/ingest";
import { sourceName } from "./inventory";
import { FIXTURE_NOW, fixtureDir, readTree } from "./test-support/fixtures";

const HOUR_MS = 3_600_000;
const DEFAULTS = { warnDays: DEFAULT_WARN_DAYS, warnFraction: DEFAULT_WARN_FRACTION };

/** `notAfter` shifted by `ms` (negative: before it), as a Date to judge at. */
function at(notAfter: string, ms: number): Date {
  return new Date(Date.parse(notAfter) + ms);
}

interface Case {
  name: string;
  notBefore: string;
  notAfter: string;
  now: Date;
  thresholds?: { warnDays: number; warnFraction: number };
  want: Partial<ExpiryJudgement>;
}

const HOUR = { notBefore: "2026-06-01T00:00:00.000Z", notAfter: "2026-06-01T01:00:00.000Z" };
const DAY = { notBefore: "2026-06-01T00:00:00.000Z", notAfter: "2026-06-02T00:00:00.000Z" };
const WEEK = { notBefore: "2026-06-01T00:00:00.000Z", notAfter: "2026-06-08T00:00:00.000Z" };
const DAYS_90 = { notBefore: "2026-01-01T00:00:00.000Z", notAfter: "2026-04-01T00:00:00.000Z" };
const DAYS_89 = { notBefore: "2026-01-01T00:00:00.000Z", notAfter: "2026-03-31T00:00:00.000Z" };
const YEAR = { notBefore: "2026-01-01T00:00:00.000Z", notAfter: "2027-01-01T00:00:00.000Z" };
const CA_10Y = { notBefore: "2026-01-01T00:00:00.000Z", notAfter: "2035-12-30T00:00:00.000Z" };

const cases: Case[] = [
  // One hour: 30 days is far beyond a third of its life, so only the last 10 % (6 minutes) warns.
  {
    name: "1 h: half-way is ok",
    ...HOUR,
    now: at(HOUR.notAfter, -30 * 60_000),
    want: { state: "ok", byDays: false, byFraction: false, daysLeft: 0, lifetimeUsed: 0.5 },
  },
  {
    name: "1 h: exactly 10 % left is not yet soon",
    ...HOUR,
    now: at(HOUR.notAfter, -6 * 60_000),
    want: { state: "ok", byFraction: false, warnFrom: "2026-06-01T00:54:00.000Z" },
  },
  {
    name: "1 h: one ms under 10 % left is soon, by the fraction only",
    ...HOUR,
    now: at(HOUR.notAfter, -6 * 60_000 + 1),
    want: { state: "soon", byDays: false, byFraction: true },
  },
  // One day: the absolute window would flag it all its life; the fraction gives 2.4 hours of notice.
  {
    name: "24 h: one hour in is ok although it expires within 30 days",
    ...DAY,
    now: new Date("2026-06-01T01:00:00.000Z"),
    want: { state: "ok", byDays: false, byFraction: false, warnFrom: "2026-06-01T21:36:00.000Z" },
  },
  {
    name: "24 h: one hour left is soon",
    ...DAY,
    now: at(DAY.notAfter, -HOUR_MS),
    want: { state: "soon", byDays: false, byFraction: true, daysLeft: 0 },
  },
  // One week: a day left is 14 % of its life — ok, where the absolute window alone would cry wolf.
  {
    name: "7 d: one day left is still ok",
    ...WEEK,
    now: at(WEEK.notAfter, -DAY_MS),
    want: {
      state: "ok",
      byDays: false,
      byFraction: false,
      daysLeft: 1,
      warnFrom: "2026-06-07T07:12:00.000Z",
    },
  },
  {
    name: "7 d: 16 hours left is soon",
    ...WEEK,
    now: at(WEEK.notAfter, -16 * HOUR_MS),
    want: { state: "soon", byFraction: true },
  },
  // Ninety days: 30 days is exactly a third of its life, so the absolute window still applies.
  {
    name: "90 d: one ms more than 30 days left is ok",
    ...DAYS_90,
    now: at(DAYS_90.notAfter, -30 * DAY_MS - 1),
    want: { state: "ok", byDays: false, byFraction: false, warnFrom: "2026-03-02T00:00:00.000Z" },
  },
  {
    name: "90 d: exactly 30 days left is soon by days",
    ...DAYS_90,
    now: at(DAYS_90.notAfter, -30 * DAY_MS),
    want: { state: "soon", byDays: true, byFraction: false, daysLeft: 30 },
  },
  {
    name: "89 d: 30 days is more than a third of its life, so 29 days left is ok",
    ...DAYS_89,
    now: at(DAYS_89.notAfter, -29 * DAY_MS),
    want: { state: "ok", byDays: false, byFraction: false, warnFrom: "2026-03-22T02:24:00.000Z" },
  },
  // One-year leaf: the last 10 % (36.5 days) opens before the 30-day window.
  {
    name: "1 y leaf: exactly 36.5 days left is ok",
    ...YEAR,
    now: new Date("2026-11-25T12:00:00.000Z"),
    want: { state: "ok", byDays: false, byFraction: false, warnFrom: "2026-11-25T12:00:00.000Z" },
  },
  {
    name: "1 y leaf: one ms later it is soon by the fraction",
    ...YEAR,
    now: new Date("2026-11-25T12:00:00.001Z"),
    want: { state: "soon", byDays: false, byFraction: true, daysLeft: 36 },
  },
  {
    name: "1 y leaf: 30 days left is soon by both",
    ...YEAR,
    now: at(YEAR.notAfter, -30 * DAY_MS),
    want: { state: "soon", byDays: true, byFraction: true, daysLeft: 30 },
  },
  {
    name: "1 y leaf: a 60-day window opens before the fraction",
    ...YEAR,
    now: at(YEAR.notAfter, -60 * DAY_MS),
    thresholds: { warnDays: 60, warnFraction: 0.1 },
    want: { state: "soon", byDays: true, byFraction: false, warnFrom: "2026-11-02T00:00:00.000Z" },
  },
  // Ten-year CA: 10 % is a year of notice, long before the 30-day window.
  {
    name: "10 y CA: a year and a day left is ok",
    ...CA_10Y,
    now: at(CA_10Y.notAfter, -366 * DAY_MS),
    want: { state: "ok", warnFrom: "2034-12-30T00:00:00.000Z" },
  },
  {
    name: "10 y CA: 364 days left is soon by the fraction",
    ...CA_10Y,
    now: at(CA_10Y.notAfter, -364 * DAY_MS),
    want: { state: "soon", byDays: false, byFraction: true, daysLeft: 364 },
  },
  // The validity bounds themselves are inside; one ms outside is not.
  {
    name: "one ms before notBefore is not yet valid",
    ...YEAR,
    now: new Date("2025-12-31T23:59:59.999Z"),
    want: { state: "not-yet-valid", byDays: false, byFraction: false, lifetimeUsed: 0 },
  },
  {
    name: "exactly notBefore is valid",
    ...YEAR,
    now: new Date(YEAR.notBefore),
    want: { state: "ok", lifetimeUsed: 0, daysLeft: 365 },
  },
  {
    name: "exactly notAfter is still valid, and due",
    ...YEAR,
    now: new Date(YEAR.notAfter),
    want: { state: "soon", byDays: true, byFraction: true, daysLeft: 0, lifetimeUsed: 1 },
  },
  {
    name: "one ms after notAfter is expired",
    ...YEAR,
    now: at(YEAR.notAfter, 1),
    // Whole days toward zero: a millisecond past is 0 days (never -0), not -1.
    want: { state: "expired", byDays: false, byFraction: false, daysLeft: 0, lifetimeUsed: 1 },
  },
  {
    name: "a month after notAfter is expired, days left negative",
    ...YEAR,
    now: at(YEAR.notAfter, 31 * DAY_MS),
    want: { state: "expired", daysLeft: -31 },
  },
  // Degenerate validity: nothing is left to warn about ahead of time.
  {
    name: "zero lifetime: before it is not yet valid",
    notBefore: YEAR.notBefore,
    notAfter: YEAR.notBefore,
    now: at(YEAR.notBefore, -1),
    want: { state: "not-yet-valid", warnFrom: YEAR.notBefore },
  },
  {
    name: "zero lifetime: at its one instant it is due",
    notBefore: YEAR.notBefore,
    notAfter: YEAR.notBefore,
    now: new Date(YEAR.notBefore),
    want: { state: "soon", byDays: false, daysLeft: 0, lifetimeUsed: 1 },
  },
  {
    name: "zero lifetime: after it is expired",
    notBefore: YEAR.notBefore,
    notAfter: YEAR.notBefore,
    now: at(YEAR.notBefore, 1),
    want: { state: "expired" },
  },
  {
    name: "negative lifetime: between the swapped dates it is not yet valid",
    notBefore: YEAR.notAfter,
    notAfter: YEAR.notBefore,
    now: new Date("2026-06-01T00:00:00.000Z"),
    want: { state: "not-yet-valid", byDays: false, byFraction: false, warnFrom: YEAR.notBefore },
  },
  {
    name: "negative lifetime: after both dates it is expired",
    notBefore: YEAR.notAfter,
    notAfter: YEAR.notBefore,
    now: at(YEAR.notAfter, 1),
    want: { state: "expired", lifetimeUsed: 1 },
  },
  // Thresholds of zero turn warnings off without hiding expiry.
  {
    name: "no thresholds: one day left is ok",
    ...YEAR,
    now: at(YEAR.notAfter, -DAY_MS),
    thresholds: { warnDays: 0, warnFraction: 0 },
    want: { state: "ok", byDays: false, byFraction: false, warnFrom: YEAR.notAfter },
  },
];

describe("judgeExpiry", () => {
  it.each(cases)("$name", ({ notBefore, notAfter, now, thresholds, want }) => {
    expect(judgeExpiry({ notBefore, notAfter }, now, thresholds ?? DEFAULTS)).toMatchObject(want);
  });

  it("turns soon between one ms before and one ms after warnFrom, across lifetimes from 1 h to 10 y", () => {
    for (const validity of [HOUR, DAY, WEEK, DAYS_89, DAYS_90, YEAR, CA_10Y]) {
      const warnFrom = Date.parse(judgeExpiry(validity, new Date(validity.notBefore), DEFAULTS).warnFrom);
      const before = judgeExpiry(validity, new Date(warnFrom - 1), DEFAULTS);
      const after = judgeExpiry(validity, new Date(warnFrom + 1), DEFAULTS);
      expect([before.state, after.state], validity.notAfter).toEqual(["ok", "soon"]);
    }
  });
});

describe("judgeExpiry on real certificates", () => {
  it("agrees with kubeadm's own check-expiration on the v1.20 sample (364d, CAs 9y)", async () => {
    const inventory = await ingest(readTree(fixtureDir("kubeadm-v1.20")), { crypto: globalThis.crypto });
    const ranAt = new Date("2026-11-22T03:30:00Z");
    const byPath = new Map(
      inventory.certificates.flatMap((c) => c.sources.map((s) => [sourceName(s), c] as const)),
    );
    for (const [path, want] of [
      ["pki/apiserver.crt", 364],
      ["pki/front-proxy-client.crt", 364],
      ["pki/etcd/server.crt", 364],
    ] as const) {
      const cert = byPath.get(path);
      expect(cert, path).toBeDefined();
      if (cert) expect(judgeExpiry(cert, ranAt, DEFAULTS)).toMatchObject({ state: "ok", daysLeft: want });
    }
    for (const path of ["pki/ca.crt", "pki/etcd/ca.crt", "pki/front-proxy-ca.crt"]) {
      const cert = byPath.get(path);
      expect(cert, path).toBeDefined();
      if (cert) expect(Math.floor(judgeExpiry(cert, ranAt, DEFAULTS).daysLeft / 365), path).toBe(9);
    }
  });

  it("finds every certificate of the healthy node ok at the fixtures' judge date", async () => {
    const inventory = await ingest(readTree(fixtureDir("healthy")), { crypto: globalThis.crypto });
    const states = inventory.certificates.map((c) => judgeExpiry(c, new Date(FIXTURE_NOW), DEFAULTS).state);
    expect(states.length).toBeGreaterThan(10);
    expect(new Set(states)).toEqual(new Set(["ok"]));
  });
});

describe("rotationWindow", () => {
  it.each([
    {
      name: "one-year kubelet client",
      ...YEAR,
      want: { start: "2026-09-13T12:00:00.000Z", end: "2026-11-25T12:00:00.000Z" },
    },
    {
      name: "24-hour certificate",
      ...DAY,
      want: { start: "2026-06-01T16:48:00.000Z", end: "2026-06-01T21:36:00.000Z" },
    },
    {
      name: "ten-year CA",
      ...CA_10Y,
      want: { start: "2032-12-30T00:00:00.000Z", end: "2034-12-30T00:00:00.000Z" },
    },
  ])("$name", ({ notBefore, notAfter, want }) => {
    expect(rotationWindow({ notBefore, notAfter })).toEqual(want);
  });

  it("ends where the 10 % warning starts, so a rotated certificate that warns has missed its rotation", () => {
    expect(rotationWindow(YEAR).end).toBe(judgeExpiry(YEAR, new Date(YEAR.notBefore), DEFAULTS).warnFrom);
  });
});

describe("isKubeletRotated", () => {
  it.each([
    { paths: ["var/lib/kubelet/pki/kubelet-client-current.pem"], want: true },
    { paths: ["var/lib/kubelet/pki/kubelet-client-2026-01-01-00-00-00.pem"], want: true },
    { paths: ["kubelet-client-2026-01-01-00-00-00.pem"], want: true },
    { paths: ["var/lib/kubelet/pki/kubelet-server-current.pem"], want: true },
    { paths: ["worker-1/var/lib/kubelet/pki/kubelet-server-2026-03-04-05-06-07.pem"], want: true },
    { paths: ["etc/kubernetes/kubelet.conf", "var/lib/kubelet/pki/kubelet-client-current.pem"], want: true },
    { paths: ["var/lib/kubelet/pki/kubelet.crt"], want: false },
    { paths: ["var/lib/kubelet/pki/kubelet-client-updated.pem"], want: false },
    { paths: ["var/lib/kubelet/pki/kubelet-client-2026-01-01.pem"], want: false },
    { paths: ["var/lib/kubelet/pki/kubelet-client-current.pem.bak"], want: false },
    { paths: ["backup/old-kubelet-client-current.pem"], want: false },
    { paths: ["etc/kubernetes/pki/apiserver-kubelet-client.crt"], want: false },
    { paths: [], want: false },
  ])("$paths → $want", ({ paths, want }) => {
    expect(isKubeletRotated(paths)).toBe(want);
  });

  it("recognises the healthy node's rotated client certificate and not its self-signed serving pair", async () => {
    const inventory = await ingest(readTree(fixtureDir("healthy")), { crypto: globalThis.crypto });
    const rotated = inventory.certificates
      .filter((c) => isKubeletRotated(c.sources.map(sourceName)))
      .map((c) => c.subjectCN);
    expect(rotated).toEqual(["system:node:control-1"]);
  });
});
