/**
 * Test support: the part of a report golden tests pin — findings (code, severity, relationship,
 * files) and relationships (key, status, codes) — without dates, ids or wording that may be polished.
 */
import type { Report } from "../report";

/** The golden shape of a report. */
export function essentials(report: Report) {
  return {
    findings: report.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      relationship: f.relationship ?? null,
      files: f.files,
    })),
    relationships: report.relationships.map((r) => ({ key: r.key, status: r.status, findings: r.findings })),
  };
}
