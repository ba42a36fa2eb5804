/**
 * `npm run fuzz -- --seed N --runs K`: holds the analysis to its promises on damaged input — bad
 * input never breaks it (a), nor runs it past its time and memory budget (b), a bad file never
 * loses a good one (c), no private key text is ever shown (d), and text output carries no control
 * characters (e). Cases are seeded mutations of the committed fixture nodes, run in worker threads
 * under the budget; each distinct failure is minimised into a reproducer that
 * lib/__fuzz__/reproducers.test.ts replays. See scripts/fuzz/parse-fuzz-args.ts for options.
 */
import { join } from "node:path";

import { loadCorpus } from "./fuzz/corpus";
import { emptyStats } from "./fuzz/fuzz-stats";
import { failureLines, resultsJson, summaryLine, writeResults } from "./fuzz/fuzz-results";
import { generateCase } from "./fuzz/generate-case";
import { makeGzipBombs } from "./fuzz/gzip-bombs";
import { type FuzzArgs, FUZZ_USAGE, parseFuzzArgs } from "./fuzz/parse-fuzz-args";
import { fromReproducer, readReproducer } from "./fuzz/reproducer";
import { type Baseline, loadBaselines } from "./fuzz/run-case";
import { reproduceGroups, runCases } from "./fuzz/run-fuzz";
import { WorkerPool } from "./fuzz/worker-pool";
import type { FuzzCase } from "./fuzz/fuzz-case";

// Zip timestamps and every date the report prints are read in UTC, as in the tests.
process.env.TZ = "UTC";

const say = (message: string) => process.stderr.write(`${message}\n`);

/** `--case I` and `--replay FILE`: one case, its violations printed; exit 1 when there are any. */
async function runOne(args: FuzzArgs, baselines: Baseline[], fuzzCase: FuzzCase): Promise<number> {
  const pool = await WorkerPool.create({ ...args, workers: 1, baselines });
  try {
    const outcome = await pool.run(fuzzCase);
    const sizes = fuzzCase.changes.map(
      (change) => `${change.path} (${change.bytes?.length ?? "removed"} bytes)`,
    );
    say(
      `case ${fuzzCase.index} of seed ${fuzzCase.seed}: ${fuzzCase.mutator} on ${fuzzCase.corpus}: ${sizes.join(", ")}`,
    );
    say(
      `${outcome.ms.toFixed(0)} ms (${outcome.wallMs.toFixed(0)} ms wall), ${outcome.heapMb.toFixed(0)} MB heap, ${outcome.certificates} certificates`,
    );
    for (const violation of outcome.violations)
      say(`  ${violation.invariant} ${violation.key}: ${violation.detail}`);
    return outcome.violations.length > 0 ? 1 : 0;
  } finally {
    await pool.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseFuzzArgs(argv);
  if (!parsed.ok) {
    say(`${parsed.reason}\n\n${FUZZ_USAGE}`);
    return 2;
  }
  const args = parsed.value;
  if (args.help) {
    say(FUZZ_USAGE);
    return 0;
  }
  const corpus = loadCorpus();
  const baselines = await loadBaselines(corpus);
  if (args.replay) return runOne(args, baselines, fromReproducer(readReproducer(args.replay)));
  const bombs = await makeGzipBombs();
  if (args.onlyCase !== undefined)
    return runOne(args, baselines, generateCase(args.seed, args.onlyCase, corpus, bombs));

  const startedAt = new Date();
  const started = performance.now();
  const stats = emptyStats();
  const pool = await WorkerPool.create({ ...args, baselines });
  let lastReport = started;
  try {
    await runCases(args, corpus, bombs, pool, stats, () => {
      const now = performance.now();
      if (now - lastReport < 10_000 && stats.cases !== args.runs) return;
      lastReport = now;
      say(`  ${summaryLine(args, stats, now - started)}`);
    });
    const casesMs = performance.now() - started;
    if (stats.groups.size > 0) {
      say(`${stats.groups.size} distinct failure(s); writing reproducers to ${args.out}`);
      await reproduceGroups(stats, args, pool, (group) =>
        say(`  ${group.signature} → ${group.reproducer ?? "did not fail again, no reproducer"}`),
      );
    }
    const results = args.results ?? join("bench-results", `fuzz-${args.seed}.json`);
    await writeResults(results, resultsJson(args, stats, startedAt, casesMs));
    for (const line of failureLines(stats)) say(line);
    console.log(summaryLine(args, stats, casesMs));
    say(`results: ${results}`);
    return Object.values(stats.failures).some((count) => count > 0) ? 1 : 0;
  } finally {
    await pool.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
