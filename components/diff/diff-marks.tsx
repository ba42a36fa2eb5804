"use client";
/**
 * What the graph and the timeline mark after a comparison: the relationships whose status changed
 * and the certificates that changed or should have (a missed rotation). Empty until a comparison is
 * shown; the views read it through `useDiffMarks` and carry `data-diff="changed"` with a marker.
 */
import { createContext, useContext } from "react";
import type { ReportDiff } from "@/lib/diff/diff-types";

export interface DiffMarks {
  /** Relationship keys (`kubelet-client:worker-1`). */
  edges: ReadonlySet<string>;
  /** Certificate SHA-256s of the shown drop. */
  certificates: ReadonlySet<string>;
}

export const NO_DIFF_MARKS: DiffMarks = { edges: new Set(), certificates: new Set() };

export const DiffMarksContext = createContext<DiffMarks>(NO_DIFF_MARKS);

export function useDiffMarks(): DiffMarks {
  return useContext(DiffMarksContext);
}

/** The marks of a comparison. */
export function diffMarksOf(diff: ReportDiff | undefined): DiffMarks {
  if (!diff) return NO_DIFF_MARKS;
  const certificates = new Set<string>();
  for (const change of diff.certificates) if (change.new) certificates.add(change.new.sha256);
  for (const missed of diff.missedRotations) certificates.add(missed.sha256);
  return { edges: new Set(diff.edges.map((edge) => edge.key)), certificates };
}
