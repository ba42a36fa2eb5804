/**
 * The fuzzer in CI: a short seeded pass (seed 1, the first 100 cases) under the worker budget.
 * Every failure it meets must be one already recorded in lib/__fuzz__/open (a reproducer of the same
 * invariant and mutator, kept there until its fix lands); anything else is a new bug. As fixes
 * land and their reproducers move up into lib/__fuzz__, the pass holds those classes too.
 * Budgets (b) are left to `npm run fuzz` and the reproducers: wall-clock time on a shared CI
 * machine is no verdict, so here the budget only cuts a hanging case short.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { loadCorpus } from "./fuzz/corpus";
import { emptyStats, mutatorFamily } from "./fuzz/fuzz-stats";
import { makeGzipBombs } from "./fuzz/gzip-bombs";
import { parseFuzzArgs } from "./fuzz/parse-fuzz-args";
import { readReproducers } from "./fuzz/reproducer";
import { loadBaselines } from "./fuzz/run-case";
import { runCases } from "./fuzz/run-fuzz";
import { WorkerPool } from "./fuzz/worker-pool";

const OPEN = join(import.meta.dirname, "..", "lib", "__fuzz__", "open");
const known = new Set(
  readReproducers(OPEN).map(
    ({ reproducer }) => `${reproducer.invariant} ${mutatorFamily(reproducer.found.mutator)}`,
  ),
);

/** The cases this smoke pass runs on a 2-core CI machine; `npm run fuzz` runs as many as asked. */
const CASES = 100;

describe("npm run fuzz", () => {
  it(`seed 1, ${CASES} cases: no failure but the known open ones`, async () => {
    const parsed = parseFuzzArgs([
      "--seed",
      "1",
      "--runs",
      String(CASES),
      "--budget-ms",
      "1000",
      "--check",
      "a,c,d,e",
    ]);
    if (!parsed.ok) throw new Error(parsed.reason);
    const args = parsed.value;
    const corpus = loadCorpus();
    const [baselines, bombs] = await Promise.all([loadBaselines(corpus), makeGzipBombs()]);
    const pool = await WorkerPool.create({ ...args, baselines });
    const stats = emptyStats();
    try {
      await runCases(args, corpus, bombs, pool, stats, () => undefined);
    } finally {
      await pool.close();
    }
    expect(stats.cases).toBe(CASES);
    const unknown = [...stats.groups.values()]
      .filter((group) => !known.has(`${group.violation.invariant} ${mutatorFamily(group.first.mutator)}`))
      .map((group) => `${group.signature} (case ${group.first.index}): ${group.violation.detail}`);
    expect(unknown).toEqual([]);
  }, 120_000);
});
