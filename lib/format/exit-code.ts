import type { Report, Severity } from "../report";
import { countNoun } from "./labels";
import { nothingToJudge } from "./nothing-to-judge";

/** The least severe finding that fails the audit (`--fail-on`): errors only, or warnings too. */
export type FailOn = Extract<Severity, "error" | "warning">;

export const FAIL_ON_LEVELS: readonly FailOn[] = ["error", "warning"];

/** 0 passed, 1 a finding at or above `--fail-on`, 2 the input could not be judged in full (or a usage error). */
export type ExitCode = 0 | 1 | 2;

/**
 * Why the input alone fails the audit, or undefined: some input was not read (an INPUT_SKIPPED
 * warning: unreadable, over a limit, a link to nothing), or there is nothing to judge at all (an
 * empty folder, only links to nothing, no PKI material). Either way "0 errors" would claim a check
 * that did not happen. A link out of the audited folder (INPUT_SKIPPED info) is left alone on
 * purpose and does not count.
 */
export function missingInput(report: Report): string | undefined {
  const skipped = report.findings.filter(
    (finding) => finding.code === "INPUT_SKIPPED" && finding.severity !== "info",
  ).length;
  if (skipped > 0) return `${countNoun(skipped, "input")} not read (INPUT_SKIPPED)`;
  if (nothingToJudge(report)) return "nothing to judge";
  return undefined;
}

/**
 * The process exit code a report stands for: 2 when the input could not be judged in full
 * (`missingInput`) unless `allowMissing` (`--allow-missing`); else 1 when at least one finding at
 * or above `failOn` exists (default: an error), else 0; info never fails. Lives beside the
 * formatters so the CLI and the closing lines of the table and the Markdown report can never
 * disagree (2 for a usage or I/O failure is decided by the CLI before any report exists).
 */
export function exitCodeFor(report: Report, failOn: FailOn = "error", allowMissing = false): ExitCode {
  if (!allowMissing && missingInput(report) !== undefined) return 2;
  const failing: Severity[] = failOn === "warning" ? ["error", "warning"] : ["error"];
  return report.findings.some((finding) => failing.includes(finding.severity)) ? 1 : 0;
}
