/**
 * `npm run bench:browser` options: timed page loads and drops per input, and the size of the
 * synthetic cluster dropped as a .tar.gz. `--quick` is a smoke run that still exercises every input;
 * `--demo-only` times the first visit alone.
 */
import { fail, ok, type Result } from "../../lib/pki/result";

export interface BrowserBenchArgs {
  runs: number;
  /** Worker nodes in the synthetic cluster dropped as one .tar.gz. */
  workers: number;
  /** Only the first visit (first paint → the demo's painted graph), no drops. */
  demoOnly: boolean;
  help: boolean;
}

/** The first visit's median is taken over at least this many page loads, even in a quick run. */
export const MIN_DEMO_LOADS = 5;

export const BROWSER_BENCH_USAGE = `Usage: npm run bench:browser -- [--runs N] [--workers N] [--quick]

  --runs N      timed page loads of the demo (at least 5) and timed drops per input, each on a freshly
                loaded page, after one warm-up (default 9; --quick: 3)
  --workers N   worker nodes in the synthetic cluster dropped as a .tar.gz (default 200; --quick: 50)
  --quick       smoke run
  --demo-only   time only the first visit: first paint → the demo's painted graph
  --help        this text

Needs the static export (npm run build). Prints a table and writes bench-results/browser-<date>.json.`;

const positive = /^[1-9]\d*$/;

/** Reads the arguments after `npm run bench:browser --`; mistakes come back as data. */
export function parseBrowserBenchArgs(argv: readonly string[]): Result<BrowserBenchArgs> {
  let runs: number | undefined;
  let workers: number | undefined;
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
      if (value === undefined || !positive.test(value))
        return fail(`${option[1]} needs a positive integer, got ${value ?? "nothing"}`);
      if (option[1] === "--runs") runs = Number(value);
      else workers = Number(value);
    } else return fail(`unknown argument ${arg}`);
  }
  return ok({ runs: runs ?? (quick ? 3 : 9), workers: workers ?? (quick ? 50 : 200), demoOnly, help });
}
