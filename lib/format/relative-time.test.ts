import { describe, expect, it } from "vitest";
import { formatRelative } from "./relative-time";

const NOW = "2026-12-01T00:00:00Z";

describe("formatRelative", () => {
  const cases: { name: string; to: string; want: string }[] = [
    { name: "same instant", to: NOW, want: "in less than an hour" },
    { name: "59 minutes ahead", to: "2026-12-01T00:59:59Z", want: "in less than an hour" },
    { name: "59 minutes behind", to: "2026-11-30T23:01:00Z", want: "less than an hour ago" },
    { name: "exactly one hour", to: "2026-12-01T01:00:00Z", want: "in 1 hour" },
    { name: "five and a half hours", to: "2026-12-01T05:30:00Z", want: "in 5 hours" },
    { name: "one hour ago", to: "2026-11-30T23:00:00Z", want: "1 hour ago" },
    { name: "23 hours", to: "2026-12-01T23:59:00Z", want: "in 23 hours" },
    { name: "24 hours switches to days", to: "2026-12-02T00:00:00Z", want: "in 1 day" },
    { name: "47 hours is one whole day", to: "2026-12-02T23:59:00Z", want: "in 1 day" },
    { name: "48 hours", to: "2026-12-03T00:00:00Z", want: "in 2 days" },
    { name: "15.3 days ago is 15, as daysLeft -15", to: "2026-11-15T16:48:00Z", want: "15 days ago" },
    { name: "23 hours ago", to: "2026-11-30T01:00:00Z", want: "23 hours ago" },
    { name: "41 days", to: "2027-01-11T00:00:00Z", want: "in 41 days" },
    { name: "3 days ago, truncated", to: "2026-11-27T12:00:00Z", want: "3 days ago" },
    { name: "kubeadm leaf, a year minus 9 days", to: "2027-11-22T03:22:00Z", want: "in 356 days" },
    {
      name: "one day short of two calendar years stays in days",
      to: "2028-11-30T00:00:00Z",
      want: "in 730 days",
    },
    { name: "two calendar years switches to years", to: "2028-12-01T00:00:00Z", want: "in 2 years" },
    { name: "two calendar years ago", to: "2024-11-30T00:00:00Z", want: "2 years ago" },
    { name: "kubeadm CA, ten years minus a bit", to: "2036-11-19T03:22:00Z", want: "in 9 years" },
    { name: "long expired", to: "2020-01-01T00:00:00Z", want: "6 years ago" },
    { name: "offsets are honoured", to: "2026-12-01T05:00:00+05:00", want: "in less than an hour" },
    { name: "unparseable", to: "not a date", want: "unknown date" },
  ];
  it.each(cases)("$name", ({ to, want }) => {
    expect(formatRelative(NOW, to)).toBe(want);
  });
});
