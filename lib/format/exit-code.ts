import type { Report, Severity } from "../report";

/** The least severe finding that fails the audit (`--fail-on`): errors only, or warnings too. */
export type FailOn = Extract<Severity, "error" | "warning">;

export const FAIL_ON_LEVELS: readonly FailOn[] = ["error", "warning"];

/**
 * The process exit code a report stands for: 1 when at least one finding at or above `failOn`
 * exists (default: an error), else 0; info never fails. Lives beside the formatters so the CLI
 * and the closing lines of the table and the Markdown report can never disagree (2, usage or I/O
 * failure, is decided by the CLI before any report exists).
 */
export function exitCodeFor(report: Report, failOn: FailOn = "error"): 0 | 1 {
  const failing: Severity[] = failOn === "warning" ? ["error", "warning"] : ["error"];
  return report.findings.some((finding) => failing.includes(finding.severity)) ? 1 : 0;
}
