/**
 * `npm run bench:browser` options: timed page loads and drops per input, and the sizes of the
 * synthetic clusters dropped as .tar.gz files. `--quick` is a smoke run that still exercises every
 * input; `--demo-only` times the first visit alone.
 */
import { fail, ok, type Result } from "../../lib/shared/result";

export interface BrowserBenchArgs {
  runs: number;
  /** Worker nodes of each synthetic cluster dropped as one .tar.gz, smallest first. */
  workers: number[];
  /** Only the first visit (first paint → the demo's painted graph), no drops. */
  demoOnly: boolean;
  help: boolean;
}

/** The first visit's median is taken over at least this many page loads, even in a quick run. */
export const MIN_DEMO_LOADS = 5;

/**
 * A cluster of at least this many workers is a fleet: each drop takes tens of seconds of analysis,
 * so it gets at most {@link FLEET_RUNS} timed drops and no warm-up.
 */
export const FLEET_WORKERS = 1000;
export const FLEET_RUNS = 3;

export const BROWSER_BENCH_USAGE = `Usage: npm run bench:browser -- [--runs N] [--workers N[,N...]] [--quick]

  --runs N        timed page loads of the demo (at least 5) and timed drops per input, each on a freshly
                  loaded page, after one warm-up (default 9; --quick: 3); a cluster of ${FLEET_WORKERS} workers
                  or more gets at most ${FLEET_RUNS} drops and no warm-up
  --workers N,M   worker nodes of each synthetic cluster (a kubelet client and a serving pair per
                  worker) dropped as a .tar.gz (default 200,5000; --quick: 50)
  --quick         smoke run
  --demo-only   time only the first visit: first paint → the demo's painted graph
  --help        this text

Needs the static export (npm run build). Prints a table and writes bench-results/browser-<date>.json.`;

const positive = /^[1-9]\d*$/;
const positiveList = /^[1-9]\d*(,[1-9]\d*)*$/;

/** Reads the arguments after `npm run bench:browser --`; mistakes come back as data. */
export function parseBrowserBenchArgs(argv: readonly string[]): Result<BrowserBenchArgs> {
  let runs: number | undefined;
  let workers: number[] | undefined;
  let quick = false;
  let demoOnly = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const option = /^(--runs|--workers)(?:=(.*))?$/.exec(arg);
    if (arg === "--quick") quick = true;
    else if (arg === "--demo-only") demoOnly = true;
    else if (arg === "--help" || arg === "-h") help = true;
    else if (option) {
      const value = option[2] ?? argv[++i];
      if (option[1] === "--runs") {
        if (value === undefined || !positive.test(value))
          return fail(`--runs needs a positive integer, got ${value ?? "nothing"}`);
        runs = Number(value);
      } else {
        if (value === undefined || !positiveList.test(value))
          return fail(`--workers needs positive integers separated by commas, got ${value ?? "nothing"}`);
        workers = [...new Set(value.split(",").map(Number))].sort((a, b) => a - b);
      }
    } else return fail(`unknown argument ${arg}`);
  }
  return ok({
    runs: runs ?? (quick ? 3 : 9),
    workers: workers ?? (quick ? [50] : [200, 5000]),
    demoOnly,
    help,
  });
}

/** Timed drops of a cluster of `workers` nodes, and whether a warm-up drop comes first. */
export function dropRuns(runs: number, workers: number | undefined): { runs: number; warmUp: boolean } {
  return workers !== undefined && workers >= FLEET_WORKERS
    ? { runs: Math.min(runs, FLEET_RUNS), warmUp: false }
    : { runs, warmUp: true };
}
