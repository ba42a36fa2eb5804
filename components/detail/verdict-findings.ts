/**
 * The findings that explain why a selection is red or amber, so the detail panel can open with
 * them: a relationship's own, a component's across every relationship it takes part in, a
 * certificate's where it is named. Most severe first, each finding once.
 */
import type { Finding, Report } from "@/lib/report";
import type { IndexedFinding } from "@/lib/format/report-view";
import { certificateFindingIndexes, componentRelationships } from "./report-links";

const RANK: Record<Finding["severity"], number> = { error: 0, warning: 1, info: 2 };

function resolve(report: Report, indexes: Iterable<number>): IndexedFinding[] {
  const found: IndexedFinding[] = [];
  for (const index of new Set(indexes)) {
    const finding = report.findings[index];
    if (finding) found.push({ index, finding });
  }
  return found.sort((a, b) => RANK[a.finding.severity] - RANK[b.finding.severity] || a.index - b.index);
}

/** Findings of every relationship a component is client or server of. */
export function componentFindings(report: Report, componentId: string): IndexedFinding[] {
  const { asClient, asServer } = componentRelationships(report, componentId);
  return resolve(
    report,
    [...asClient, ...asServer].flatMap((relationship) => relationship.findingRefs),
  );
}

/** Findings that name a certificate. */
export function certificateFindings(report: Report, certificateId: string): IndexedFinding[] {
  return resolve(report, certificateFindingIndexes(report, certificateId));
}
