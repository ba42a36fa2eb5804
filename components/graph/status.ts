/**
 * Relationship status as the graph ranks it: an aggregated edge or a node summary shows the worst of
 * its members, and `unknown` ranks above `ok` because an unchecked edge is never a green one.
 */
import type { RelationshipStatus } from "@/lib/report";

const RANK: Record<RelationshipStatus, number> = { ok: 0, unknown: 1, warning: 2, error: 3 };

/** The worst of several statuses; `ok` for none. */
export function worstStatus(statuses: Iterable<RelationshipStatus>): RelationshipStatus {
  let worst: RelationshipStatus = "ok";
  for (const status of statuses) if (RANK[status] > RANK[worst]) worst = status;
  return worst;
}

/** Counts per status, in the order people read them (worst first), without the zero ones. */
export function statusCounts(statuses: Iterable<RelationshipStatus>): [RelationshipStatus, number][] {
  const counts: Record<RelationshipStatus, number> = { error: 0, warning: 0, unknown: 0, ok: 0 };
  for (const status of statuses) counts[status] += 1;
  return (Object.entries(counts) as [RelationshipStatus, number][]).filter(([, n]) => n > 0);
}
