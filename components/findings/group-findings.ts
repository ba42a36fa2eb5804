/**
 * The findings list's grouping: errors, then warnings, then info, each keeping the report's order
 * (which the analysis already sorts deterministically) and each finding keeping its index in
 * `Report.findings`, the handle selections and relationships' `findingRefs` use.
 */
import type { Finding, Severity } from "@/lib/report";

export interface FindingGroup {
  severity: Severity;
  /** "Errors", "Warnings", "Info". */
  heading: string;
  items: { index: number; finding: Finding }[];
}

const GROUPS: { severity: Severity; heading: string }[] = [
  { severity: "error", heading: "Errors" },
  { severity: "warning", heading: "Warnings" },
  { severity: "info", heading: "Info" },
];

/** The non-empty severity groups of `findings`, most severe first. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  return GROUPS.map(({ severity, heading }) => ({
    severity,
    heading,
    items: findings.flatMap((finding, index) => (finding.severity === severity ? [{ index, finding }] : [])),
  })).filter((group) => group.items.length > 0);
}
