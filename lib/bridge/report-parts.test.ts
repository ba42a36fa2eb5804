/**
 * A report and its renewal plan cut into parts and put back together are the very report and plan,
 * down to their JSON text (the page's JSON export must equal the CLI's), on real fixture reports with
 * slices small enough that every list is cut.
 */
import { describe, expect, it } from "vitest";
import { renewalPlan } from "../plan/renewal-plan";
import { FIXTURE_NOW, SAMPLE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { analyze } from "../analyze";
import { assemblePlan, splitPlan } from "./plan-parts";
import { assembleReport, splitReport } from "./report-parts";

const cases = [
  { name: "kubeadm-v1.20", now: SAMPLE_NOW, size: 3 },
  { name: "healthy", now: FIXTURE_NOW, size: 1 },
  // Skipped files travel as a list of their own.
  { name: "noise-files", now: FIXTURE_NOW, size: 2 },
  { name: "demo", now: FIXTURE_NOW, size: 400 },
];

describe("splitReport and assembleReport", () => {
  it.each(cases)("$name in slices of $size", async ({ name, now, size }) => {
    const report = await analyze(readTree(fixtureDir(name)), { now });
    const parts = splitReport(report, size);
    expect(parts[0]?.kind).toBe("head");
    for (const part of parts) if (part.kind === "slice") expect(part.items.length).toBeLessThanOrEqual(size);
    const lists = report.certificates.length + report.relationships.length + report.findings.length;
    expect(parts.length).toBeGreaterThanOrEqual(1 + Math.ceil(lists / size / 3));
    expect(JSON.stringify(assembleReport(parts))).toBe(JSON.stringify(report));
  });

  it("noise-files has skipped files to carry", async () => {
    const report = await analyze(readTree(fixtureDir("noise-files")), { now: FIXTURE_NOW });
    expect(splitReport(report, 2).some((p) => p.kind === "slice" && p.list === "skipped")).toBe(true);
  });

  it("parts without a head make no report", async () => {
    const report = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
    expect(assembleReport(splitReport(report).slice(1))).toBeUndefined();
  });
});

describe("splitPlan and assemblePlan", () => {
  it.each(cases)("$name's plan in slices of $size", async ({ name, now, size }) => {
    const plan = renewalPlan(await analyze(readTree(fixtureDir(name)), { now }));
    const parts = splitPlan(plan, size);
    for (const part of parts) {
      if (part.kind === "plan-day") expect(part.day.items.length).toBeLessThanOrEqual(size);
      if (part.kind === "plan-items") expect(part.items.length).toBeLessThanOrEqual(size);
    }
    expect(assemblePlan(parts)).toEqual(plan);
    expect(assemblePlan(parts.slice(1))).toBeUndefined();
  });
});
