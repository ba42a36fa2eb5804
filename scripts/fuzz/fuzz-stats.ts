/**
 * What a run has seen so far: cases, failures per invariant, the slowest case, the peak heap, and
 * failures grouped by signature (one bug's many occurrences in one group, with the first case that
 * showed it kept for minimising).
 */
import type { Violation } from "./check-invariants";
import { type FuzzCase, INVARIANTS, type Invariant } from "./fuzz-case";
import type { PoolOutcome } from "./worker-pool";

export interface FailureGroup {
  signature: string;
  violation: Violation;
  count: number;
  first: FuzzCase;
  reproducer?: string;
  /** Whether running the first case again showed the same failure (checked before minimising). */
  reproduced?: boolean;
  minimised?: { fromBytes: number; toBytes: number; tries: number };
}

export interface FuzzStats {
  cases: number;
  /** Cases breaking each invariant (a case counts once per invariant). */
  failures: Record<Invariant, number>;
  slowest: { ms: number; index: number; mutator: string; corpus: string };
  peakHeapMb: number;
  byMutator: Record<string, { cases: number; failing: number; maxMs: number }>;
  groups: Map<string, FailureGroup>;
}

/** At most this many groups are kept; later new signatures are still counted per invariant. */
const MAX_GROUPS = 500;

export function emptyStats(): FuzzStats {
  return {
    cases: 0,
    failures: Object.fromEntries(INVARIANTS.map((invariant) => [invariant, 0])) as Record<Invariant, number>,
    slowest: { ms: 0, index: -1, mutator: "", corpus: "" },
    peakHeapMb: 0,
    byMutator: {},
    groups: new Map(),
  };
}

/** `stacked:bit-flip+pem-lines` → `stacked`: the mutator family a signature names. */
export function mutatorFamily(mutator: string): string {
  return mutator.replace(/:.*/, "");
}

/**
 * One failure's signature: an error is known by its kind and message wherever it came from; other
 * failures by invariant, mutator family and what was seen (format, lost, timeout).
 */
export function signature(violation: Violation, mutator: string): string {
  if (violation.invariant === "a") return `a ${violation.key}`;
  return `${violation.invariant} ${mutatorFamily(mutator)} ${violation.key}`;
}

export function recordOutcome(stats: FuzzStats, fuzzCase: FuzzCase, outcome: PoolOutcome): void {
  stats.cases++;
  const family = mutatorFamily(fuzzCase.mutator);
  const row = (stats.byMutator[family] ??= { cases: 0, failing: 0, maxMs: 0 });
  row.cases++;
  row.maxMs = Math.max(row.maxMs, outcome.ms);
  if (outcome.ms > stats.slowest.ms)
    stats.slowest = {
      ms: outcome.ms,
      index: fuzzCase.index,
      mutator: fuzzCase.mutator,
      corpus: fuzzCase.corpus,
    };
  stats.peakHeapMb = Math.max(stats.peakHeapMb, outcome.heapMb);
  if (outcome.violations.length === 0) return;
  row.failing++;
  for (const invariant of new Set(outcome.violations.map((violation) => violation.invariant)))
    stats.failures[invariant]++;
  for (const violation of outcome.violations) {
    const key = signature(violation, fuzzCase.mutator);
    const group = stats.groups.get(key);
    if (group) group.count++;
    else if (stats.groups.size < MAX_GROUPS)
      stats.groups.set(key, { signature: key, violation, count: 1, first: fuzzCase });
  }
}
