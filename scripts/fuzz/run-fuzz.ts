/**
 * A fuzz run: every case of the seed through the worker pool (a few in flight so neither thread
 * waits on case generation), then each distinct failure minimised and written as a reproducer.
 */
import type { Violation } from "./check-invariants";
import type { LoadedEntry } from "./corpus";
import { type FuzzCase, targetBytes } from "./fuzz-case";
import { type FailureGroup, type FuzzStats, recordOutcome } from "./fuzz-stats";
import { generateCase } from "./generate-case";
import type { GzipBombs } from "./gzip-bombs";
import { minimise } from "./minimise";
import type { FuzzArgs } from "./parse-fuzz-args";
import { toReproducer, writeReproducer } from "./reproducer";
import type { WorkerPool } from "./worker-pool";

/** Runs cases 0…runs-1 of the seed, recording each outcome; `progress` is called after each. */
export async function runCases(
  args: FuzzArgs,
  corpus: readonly LoadedEntry[],
  bombs: GzipBombs,
  pool: WorkerPool,
  stats: FuzzStats,
  progress: () => void,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < args.runs) {
      const fuzzCase = generateCase(args.seed, next++, corpus, bombs);
      recordOutcome(stats, fuzzCase, await pool.run(fuzzCase));
      progress();
    }
  };
  await Promise.all(Array.from({ length: args.workers * 2 }, lane));
}

/** Whether an outcome shows the same failure: the same invariant (and, but for budgets, key). */
function sameFailure(violation: Violation, found: readonly Violation[]): Violation | undefined {
  return found.find(
    (other) =>
      other.invariant === violation.invariant && (violation.invariant === "b" || other.key === violation.key),
  );
}

/** Shrinks a group's first case (unless turned off) and writes its reproducer. */
async function reproduce(group: FailureGroup, args: FuzzArgs, pool: WorkerPool): Promise<void> {
  let fuzzCase: FuzzCase = group.first;
  let violation = group.violation;
  // A case over budget on a busy machine may be within it on a second run: it must fail again,
  // and a budget failure with twice the time.
  const slack = violation.invariant === "b" ? 2 : 1;
  const again = sameFailure(violation, (await pool.run(fuzzCase, args.budgetMs * slack)).violations);
  group.reproduced = again !== undefined;
  if (!again) return;
  // A budget failure is kept as found: shrunk against a clock, an input drifts to the edge of the
  // budget, where it fails on a busy machine and passes on an idle one.
  if (args.minimise && violation.invariant !== "b" && targetBytes(fuzzCase).length > 1) {
    const result = await minimise(
      fuzzCase,
      async (candidate) => sameFailure(violation, (await pool.run(candidate)).violations) !== undefined,
      { maxTries: 300, maxMs: 60_000 },
    );
    fuzzCase = result.fuzzCase;
    group.minimised = { fromBytes: result.fromBytes, toBytes: result.toBytes, tries: result.tries };
    violation = sameFailure(violation, (await pool.run(fuzzCase)).violations) ?? violation;
  }
  const reproducer = toReproducer(fuzzCase, violation, {
    budgetMs: args.budgetMs,
    budgetMb: args.budgetMb,
    originalBytes: targetBytes(group.first).length,
  });
  group.reproducer = await writeReproducer(args.out, reproducer);
}

/** Reproducers for the first `maxReproducers` groups (errors first), two at a time. */
export async function reproduceGroups(
  stats: FuzzStats,
  args: FuzzArgs,
  pool: WorkerPool,
  progress: (group: FailureGroup) => void,
): Promise<void> {
  // One case breaking one invariant in several formats needs one reproducer.
  const seen = new Set<string>();
  const groups = [...stats.groups.values()]
    .sort((a, b) => a.violation.invariant.localeCompare(b.violation.invariant) || b.count - a.count)
    .filter((group) => {
      const id = `${group.violation.invariant} ${group.first.index}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, args.maxReproducers);
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const group = groups[next++];
      if (!group) return;
      await reproduce(group, args, pool);
      progress(group);
    }
  };
  await Promise.all([lane(), lane()]);
}
