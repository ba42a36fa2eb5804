/**
 * The diff as the text formats read it: every string (paths, subjects, finding titles — the
 * input's own text) through `inertText` once, as `inertReport` does for a report, so no line the
 * table or the Markdown prints can carry a character a terminal or a renderer acts on. JSON is
 * written from the diff itself.
 */
import type { ReportDiff } from "../diff/diff-types";
import { inertText } from "./inert-text";

function inertValue(value: unknown): unknown {
  if (typeof value === "string") return inertText(value);
  if (Array.isArray(value)) return value.map(inertValue);
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = {};
  // The diff's keys are its own field names, never input text.
  for (const [key, item] of Object.entries(value)) copy[key] = inertValue(item);
  return copy;
}

/** A copy of `diff` with every string made inert. */
export function inertDiff(diff: ReportDiff): ReportDiff {
  return inertValue(diff) as ReportDiff;
}

/** A change's paths for one line: the first, and how many more. */
export function pathsLabel(paths: readonly string[]): string {
  const [first = ""] = paths;
  return paths.length > 1 ? `${first} (+${paths.length - 1})` : first;
}

/** `2027-01-01T00:00:00.000Z` → `2027-01-01`. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** Counts of the summary as one line. */
export function summaryLine(diff: ReportDiff): string {
  const { summary } = diff;
  const parts = [
    `${summary.renewed + summary.reKeyed + summary.reissued} renewed (${summary.reKeyed} with a new key)`,
    `${summary.rotated} rotated`,
    `${summary.appeared} appeared`,
    `${summary.disappeared} disappeared`,
    `${summary.unchanged} unchanged`,
  ];
  return `${parts.join(", ")}; ${summary.regressions} regression${summary.regressions === 1 ? "" : "s"}`;
}
