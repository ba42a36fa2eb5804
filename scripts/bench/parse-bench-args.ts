/**
 * `npm run bench` options. The full run measures N = 50, 200 and 1000 workers with 7 timed runs;
 * `--quick` is a smoke run (N = 50 only, 3 runs) that still exercises every part of the bench.
 */
import { fail, ok, type Result } from "../../lib/shared/result";

export interface BenchArgs {
  runs: number;
  warmups: number;
  quick: boolean;
  /** Worker counts of the synthetic clusters, ascending. */
  workers: number[];
  /** Worker count of the set that is also packed as a .tar.gz. */
  archiveWorkers: number;
  help: boolean;
  /** Only the browser bench of break-it scenarios (scripts/bench/scenario-bench.ts). */
  scenarios: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench -- [--runs N] [--quick] [--scenarios]

  --runs N      timed runs per input after 2 warm-ups (default 7; --quick: 3; --scenarios: 9)
  --quick       smoke run: synthetic cluster with 50 workers only
  --scenarios   instead: break-it scenarios in Chromium on the static export in out/ (npm run build
                first), click to painted graph, with where the time went
  --help        this text

Prints a table and writes bench-results/bench-<date>.json (--scenarios: scenarios-<date>.json).`;

/** Reads the arguments after `npm run bench --`; unknown options are a usage error, returned as data. */
export function parseBenchArgs(argv: readonly string[]): Result<BenchArgs> {
  let runs: number | undefined;
  let quick = false;
  let help = false;
  let scenarios = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--quick") quick = true;
    else if (arg === "--scenarios") scenarios = true;
    else if (arg === "--help" || arg === "-h") help = true;
    else if (arg === "--runs" || arg?.startsWith("--runs=")) {
      const value = arg === "--runs" ? argv[++i] : arg.slice("--runs=".length);
      if (value === undefined || !/^[1-9]\d*$/.test(value))
        return fail(`--runs needs a positive integer, got ${value ?? "nothing"}`);
      runs = Number(value);
    } else return fail(`unknown argument ${arg ?? ""}`);
  }
  const workers = quick ? [50] : [50, 200, 1000];
  return ok({
    runs: runs ?? (scenarios ? 9 : quick ? 3 : 7),
    warmups: 2,
    quick,
    workers,
    archiveWorkers: workers.includes(200) ? 200 : Math.max(...workers),
    help,
    scenarios,
  });
}
