import type { Report } from "../report";

/**
 * The process exit code a report stands for: 1 when at least one error-severity finding exists,
 * else 0. Lives beside the formatters so the CLI and the table's closing line can never disagree
 * (2, usage or I/O failure, is decided by the CLI before any report exists).
 */
export function exitCodeFor(report: Report): 0 | 1 {
  return report.findings.some((finding) => finding.severity === "error") ? 1 : 0;
}
