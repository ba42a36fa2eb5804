import { describe, expect, it } from "vitest";
import { expiryStatus, formatDate } from "./expiry-status";

const NOW = "2026-06-01T00:00:00.000Z";

describe("expiryStatus", () => {
  const cases: {
    name: string;
    notBefore?: string;
    notAfter: string;
    daysLeft: number;
    want: { tone: string; phrase: string; label: string };
  }[] = [
    {
      name: "a fresh kubeadm leaf",
      notAfter: "2027-05-23T00:00:00.000Z",
      daysLeft: 356,
      want: { tone: "normal", phrase: "in 356 days", label: "valid" },
    },
    {
      name: "one day past the window stays normal",
      notAfter: "2026-07-02T00:00:00.000Z",
      daysLeft: 31,
      want: { tone: "normal", phrase: "in 31 days", label: "valid" },
    },
    {
      name: "exactly warnDays is a warning",
      notAfter: "2026-07-01T00:00:00.000Z",
      daysLeft: 30,
      want: { tone: "warning", phrase: "in 30 days", label: "expires soon" },
    },
    {
      name: "expiring within the hour",
      notAfter: "2026-06-01T00:30:00.000Z",
      daysLeft: 0,
      want: { tone: "warning", phrase: "in less than an hour", label: "expires soon" },
    },
    {
      name: "expired three days ago",
      notAfter: "2026-05-29T00:00:00.000Z",
      daysLeft: -3,
      want: { tone: "error", phrase: "expired 3 days ago", label: "expired" },
    },
    {
      name: "expired minutes ago is already an error",
      notAfter: "2026-05-31T23:50:00.000Z",
      daysLeft: 0,
      want: { tone: "error", phrase: "expired less than an hour ago", label: "expired" },
    },
    {
      name: "not yet valid",
      notBefore: "2026-06-05T00:00:00.000Z",
      notAfter: "2027-06-05T00:00:00.000Z",
      daysLeft: 369,
      want: { tone: "error", phrase: "not valid for another 4 days", label: "not yet valid" },
    },
  ];
  it.each(cases)("$name", ({ notBefore, notAfter, daysLeft, want }) => {
    const certificate = { notBefore: notBefore ?? "2026-01-01T00:00:00.000Z", notAfter, daysLeft };
    expect(expiryStatus(certificate, NOW, 30)).toEqual(want);
  });
});

describe("formatDate", () => {
  it.each([
    { input: "2027-11-22T03:22:00.000Z", want: "2027-11-22" },
    { input: "2027-11-22T23:30:00-02:00", want: "2027-11-23" },
    { input: "garbage", want: "garbage" },
  ])("$input", ({ input, want }) => {
    expect(formatDate(input)).toBe(want);
  });
});
