import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import { DEFAULT_SORT, nextSort, sortCertificates, type CertificateSort } from "./sort-certificates";

// c-ca expires 2036, c-api 2026-11-28 (expired), c-admin 2026-12-20, c-peer 2027-11-22, c-pipe 2027-06-01.
const certificates = sampleReport().certificates;

describe("sortCertificates", () => {
  const cases: { name: string; sort: CertificateSort; want: string[] }[] = [
    {
      name: "default: soonest expiry first",
      sort: DEFAULT_SORT,
      want: ["c-api", "c-admin", "c-pipe", "c-peer", "c-ca"],
    },
    {
      name: "expiry descending",
      sort: { key: "expiry", direction: "descending" },
      want: ["c-ca", "c-peer", "c-pipe", "c-admin", "c-api"],
    },
    {
      name: "by path, stand-alone file first (admin.conf is only embedded)",
      sort: { key: "path", direction: "ascending" },
      want: ["c-admin", "c-api", "c-ca", "c-peer", "c-pipe"],
    },
    {
      name: "by subject CN, not by the whole DN (O= would sort kubernetes-admin first)",
      sort: { key: "subject", direction: "ascending" },
      want: ["c-pipe", "c-peer", "c-api", "c-ca", "c-admin"],
    },
  ];
  it.each(cases)("$name", ({ sort, want }) => {
    expect(sortCertificates(certificates, sort).map((c) => c.id)).toEqual(want);
  });

  it("breaks ties by path in both directions", () => {
    const base = certificates[0]!;
    const twins = [
      { ...base, id: "b", paths: ["pki/b.crt"] },
      { ...base, id: "a", paths: ["pki/a.crt"] },
    ];
    expect(sortCertificates(twins, { key: "expiry", direction: "ascending" }).map((c) => c.id)).toEqual([
      "a",
      "b",
    ]);
    expect(sortCertificates(twins, { key: "expiry", direction: "descending" }).map((c) => c.id)).toEqual([
      "a",
      "b",
    ]);
  });

  it("does not reorder its input", () => {
    const before = certificates.map((c) => c.id);
    sortCertificates(certificates, { key: "subject", direction: "descending" });
    expect(certificates.map((c) => c.id)).toEqual(before);
  });
});

describe("nextSort", () => {
  it.each([
    { name: "same key flips", from: DEFAULT_SORT, key: "expiry" as const, want: "expiry descending" },
    {
      name: "flips back",
      from: { key: "expiry" as const, direction: "descending" as const },
      key: "expiry" as const,
      want: "expiry ascending",
    },
    { name: "new key starts ascending", from: DEFAULT_SORT, key: "path" as const, want: "path ascending" },
  ])("$name", ({ from, key, want }) => {
    const next = nextSort(from, key);
    expect(`${next.key} ${next.direction}`).toBe(want);
  });
});
