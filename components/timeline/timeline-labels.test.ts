import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import {
  barAriaLabel,
  describeRole,
  durationWords,
  fileName,
  timeLeftPhrase,
  utcDate,
} from "./timeline-labels";

describe("fileName", () => {
  it.each([
    { path: "pki/apiserver.crt", want: "apiserver.crt" },
    { path: "etc/kubernetes/admin.conf#users/kubernetes-admin", want: "admin.conf" },
    { path: "var/lib/kubelet/pki/kubelet.crt#block 2", want: "kubelet.crt" },
    { path: "ca.pem", want: "ca.pem" },
  ])("$path → $want", ({ path, want }) => expect(fileName(path)).toBe(want));
});

describe("timeLeftPhrase", () => {
  const now = "2026-12-01T00:00:00Z";
  it.each([
    { name: "a leaf", state: "ok", notAfter: "2027-11-22T03:22:35Z", want: "in 356 days" },
    { name: "a CA", state: "ok", notAfter: "2036-11-19T03:22:34Z", want: "in 9 years" },
    { name: "due", state: "soon", notAfter: "2027-01-11T00:00:00Z", want: "in 41 days" },
    {
      name: "within the hour",
      state: "soon",
      notAfter: "2026-12-01T00:30:00Z",
      want: "in less than an hour",
    },
    { name: "expired", state: "expired", notAfter: "2026-11-27T12:00:00Z", want: "expired 3 days ago" },
    {
      name: "not yet valid",
      state: "not-yet-valid",
      notAfter: "2027-12-31T00:00:00Z",
      want: "starts in 30 days",
    },
  ] as const)("$name: $want", ({ state, notAfter, want }) => {
    expect(timeLeftPhrase({ notBefore: "2026-12-31T00:00:00Z", notAfter }, state, now)).toBe(want);
  });
});

describe("durationWords", () => {
  it.each([
    { from: "2035-12-30T00:00:00Z", to: "2036-06-01T00:00:00Z", want: "154 days" },
    { from: "2026-01-01T00:00:00Z", to: "2036-01-01T00:00:00Z", want: "10 years" },
    { from: "2026-01-01T00:00:00Z", to: "2026-01-01T05:00:00Z", want: "5 hours" },
  ])("$want", ({ from, to, want }) => expect(durationWords(Date.parse(from), Date.parse(to))).toBe(want));
});

describe("barAriaLabel", () => {
  it("names the file, the role, the date and the time left", () => {
    expect(
      barAriaLabel({
        name: "apiserver.crt",
        description: "kube-apiserver serving certificate",
        state: "ok",
        notBefore: Date.parse("2026-01-01T00:00:00Z"),
        notAfter: Date.parse("2027-01-01T00:00:00Z"),
        phrase: "in 214 days",
        flags: [],
      }),
    ).toBe("apiserver.crt, kube-apiserver serving certificate, expires 2027-01-01, in 214 days");
  });

  it("says an expired certificate expired, and adds the flags", () => {
    expect(
      barAriaLabel({
        name: "apiserver.crt",
        description: "kube-apiserver serving certificate",
        state: "expired",
        notBefore: Date.parse("2025-05-01T00:00:00Z"),
        notAfter: Date.parse("2026-05-01T00:00:00Z"),
        phrase: "expired 31 days ago",
        flags: ["outlives its CA by 3 days"],
      }),
    ).toBe(
      "apiserver.crt, kube-apiserver serving certificate, expired 2026-05-01, 31 days ago, outlives its CA by 3 days",
    );
  });
});

describe("describeRole", () => {
  it("has words for every named role the healthy node's certificates get", async () => {
    const report = await reportFor("healthy");
    // `ca` is the core's role for a CA no relationship names (the kubelet's own): "CA certificate" is right.
    for (const certificate of report.certificates.filter((c) => c.role !== "ca")) {
      const words = describeRole(certificate);
      expect(words, certificate.role).not.toMatch(/^(certificate|CA certificate)$/);
    }
  });
});

describe("utcDate", () => {
  it("is the UTC calendar day", () =>
    expect(utcDate(Date.parse("2027-11-22T23:59:59-05:00"))).toBe("2027-11-23"));
});
