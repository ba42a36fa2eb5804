import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import { countBySeverity, countByStatus } from "./status-counts";

describe("status counts", () => {
  const report = sampleReport();
  it("counts relationships by status, zeros included", () => {
    expect(countByStatus(report.relationships)).toEqual({ ok: 2, warning: 1, error: 1, unknown: 1 });
    expect(countByStatus([])).toEqual({ ok: 0, warning: 0, error: 0, unknown: 0 });
  });
  it("counts findings by severity", () => {
    expect(countBySeverity(report.findings)).toEqual({ error: 1, warning: 2, info: 1 });
  });
});
