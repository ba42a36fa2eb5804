/**
 * Counts for the overview shown when nothing is selected: relationships by status and findings by
 * severity, every bucket present (zero included) so the layout does not shift between reports.
 */
import type { Finding, RelationshipStatus, ReportRelationship, Severity } from "@/lib/report";

/** How many relationships (instances) have each status. */
export function countByStatus(
  relationships: readonly ReportRelationship[],
): Record<RelationshipStatus, number> {
  const counts: Record<RelationshipStatus, number> = { ok: 0, warning: 0, error: 0, unknown: 0 };
  for (const relationship of relationships) counts[relationship.status] += 1;
  return counts;
}

/** How many findings have each severity. */
export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}
