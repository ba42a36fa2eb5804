/**
 * Problems with inputs, folded so that many files with one fault are one finding: 100,000 empty
 * files named like certificates are one fault with a count and examples, not 100,000 findings that
 * bury every other one (and cost the page and the terminal their time).
 *
 * Problems are grouped by the shape of their reason (numbers aside: "at byte 512" and "at byte
 * 1024" are one fault). A group of more than `FOLD_FILES` files becomes one finding; the others
 * are listed one by one, up to `MAX_LISTED`, and whatever is left past that is one last finding.
 */
import type { Finding } from "../report";

/** More files than this with one fault are one finding. */
export const FOLD_FILES = 10;
/** Findings listed one by one before the rest are counted in one. */
export const MAX_LISTED = 100;
/** Files named in a folded finding, as examples. */
export const EXAMPLES = 5;

export interface InputProblem {
  path: string;
  reason: string;
}

export interface Folding<T extends InputProblem> {
  /** The finding for one problem. */
  one: (problem: T) => Finding;
  /** The finding for many files with one fault (`problems` in input order, over `files` files). */
  many: (problems: readonly T[], files: number, examples: readonly string[]) => Finding;
  /** What sets problems apart beyond their reason (a kind), so that unlike ones never share a group. */
  kind?: (problem: T) => string;
}

const shapeOf = (reason: string) => reason.replace(/\d+/g, "#");

const distinctPaths = (problems: readonly InputProblem[]) => [...new Set(problems.map((p) => p.path))];

/** The findings for `problems`, folded as described above; input order is kept. */
export function foldInputs<T extends InputProblem>(problems: readonly T[], folding: Folding<T>): Finding[] {
  const groups = new Map<string, T[]>();
  for (const problem of problems) {
    const key = `${folding.kind?.(problem) ?? ""}\u0000${shapeOf(problem.reason)}`;
    const group = groups.get(key);
    if (group) group.push(problem);
    else groups.set(key, [problem]);
  }
  const findings: Finding[] = [];
  const rest: T[] = [];
  for (const group of groups.values()) {
    const paths = distinctPaths(group);
    if (paths.length > FOLD_FILES) {
      findings.push(folding.many(group, paths.length, paths.slice(0, EXAMPLES)));
      continue;
    }
    for (const problem of group) {
      if (findings.length < MAX_LISTED) findings.push(folding.one(problem));
      else rest.push(problem);
    }
  }
  if (rest.length > 0) {
    const paths = distinctPaths(rest);
    findings.push(folding.many(rest, paths.length, paths.slice(0, EXAMPLES)));
  }
  return findings;
}

/** "a, b, c, d, e and 99,995 more". */
export function examplesText(examples: readonly string[], files: number): string {
  const more = files - examples.length;
  return more > 0 ? `${examples.join(", ")} and ${more.toLocaleString("en-US")} more` : examples.join(", ");
}

/** The reason a folded finding gives: the one all share, or the first of several. */
export function sharedReason(problems: readonly InputProblem[]): string {
  const first = problems[0]?.reason ?? "";
  const same = problems.every((p) => shapeOf(p.reason) === shapeOf(first));
  return same ? `each for the same reason: ${first}` : `for several reasons, the first: ${first}`;
}
