/**
 * Regression tests from the fuzzer (`npm run fuzz`): every reproducer in this folder is a case that
 * once broke an invariant, replayed in a worker thread under its budget, and the invariant must
 * now hold. Reproducers of failures not fixed yet wait in open/: they are only checked to be
 * readable here, and move up a level with their fix.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { corpusEntry, loadCorpus } from "../../scripts/fuzz/corpus";
import { INVARIANT_NAMES, INVARIANTS } from "../../scripts/fuzz/fuzz-case";
import { fromReproducer, readReproducers } from "../../scripts/fuzz/reproducer";
import { loadBaselines } from "../../scripts/fuzz/run-case";
import { WorkerPool } from "../../scripts/fuzz/worker-pool";

const HERE = import.meta.dirname;
const fixed = readReproducers(HERE);
const open = readReproducers(join(HERE, "open"));
// The budget a reproducer was found under, times ten: a test run shares two cores with the rest of
// the suite and whatever else the machine runs (the slowest, a 2 MB line, takes 0.8–1.7 s alone,
// went past 4 s under a load of 6+ and past 6 s under a load of 11). What these cases once did was
// a hang or a quadratic walk that took minutes, so a regression still shows well inside 20 s.
const TIME_SLACK = 10;

let pool: WorkerPool | undefined;

beforeAll(async () => {
  if (fixed.length === 0) return;
  const names = [...new Set(fixed.map(({ reproducer }) => reproducer.corpus))];
  pool = await WorkerPool.create({
    workers: 1,
    budgetMs: 2000,
    budgetMb: Math.max(...fixed.map(({ reproducer }) => reproducer.budgetMb)),
    checks: [...INVARIANTS],
    baselines: await loadBaselines(loadCorpus(names.map(corpusEntry))),
  });
});

afterAll(() => pool?.close());

describe("fuzz reproducers", () => {
  it.each(fixed.map(({ file, reproducer }) => ({ name: file.slice(HERE.length + 1), reproducer })))(
    "$name holds",
    async ({ reproducer }) => {
      if (!pool) throw new Error("no worker pool");
      const outcome = await pool.run(fromReproducer(reproducer), reproducer.budgetMs * TIME_SLACK);
      const broken = outcome.violations.filter((violation) => violation.invariant === reproducer.invariant);
      expect(broken, `${INVARIANT_NAMES[reproducer.invariant]}: ${reproducer.detail}`).toEqual([]);
    },
    60_000,
  );

  it("open/ holds only readable reproducers of corpus nodes that exist, each saying what broke", () => {
    for (const { reproducer } of open) {
      expect(() => corpusEntry(reproducer.corpus)).not.toThrow();
      expect(reproducer.detail.length).toBeGreaterThan(0);
      expect(fromReproducer(reproducer).changes.length).toBeGreaterThan(0);
    }
  });
});
