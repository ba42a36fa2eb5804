/**
 * The report as a file, exactly as `k8s-pki audit --format json` prints it (two-space JSON and a
 * final newline), so a file saved from the explorer and one from CI diff cleanly. The report holds
 * no key bytes.
 */
import type { Report } from "../report";

/** The report's JSON text as the CLI prints it. */
export function reportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
