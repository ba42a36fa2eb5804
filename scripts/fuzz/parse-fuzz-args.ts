/**
 * `npm run fuzz` options: the seed and number of cases, the budget each case runs under, where
 * reproducers and results go, which invariants are checked, and one case or reproducer to replay.
 */
import { fail, ok, type Result } from "../../lib/shared/result";
import { INVARIANTS, type Invariant } from "./fuzz-case";

export interface FuzzArgs {
  seed: number;
  runs: number;
  budgetMs: number;
  budgetMb: number;
  /** Folder reproducers are written to. */
  out: string;
  /** The results file (default bench-results/fuzz-<seed>.json). */
  results?: string;
  checks: Invariant[];
  workers: number;
  /** Distinct failures minimised and written as reproducers, at most. */
  maxReproducers: number;
  minimise: boolean;
  /** Run only this case of the seed, and print what it found. */
  onlyCase?: number;
  /** Replay this reproducer file. */
  replay?: string;
  help: boolean;
}

export const FUZZ_USAGE = `Usage: npm run fuzz -- --seed N --runs K [--budget-ms 2000] [--budget-mb 512] [--out lib/__fuzz__]

  --seed N           the run's seed (default 1); a run is a pure function of it
  --runs K           cases to run (default 1000)
  --budget-ms MS     wall-clock time one case may take, analysis and every format (default 2000)
  --budget-mb MB     heap a worker thread may use (default 512)
  --out DIR          where reproducers of failures are written (default lib/__fuzz__)
  --results FILE     the run's record (default bench-results/fuzz-<seed>.json)
  --check LIST       invariants to check, of a,b,c,d,e (default all):
                       a  no uncaught error or rejection
                       b  within the time and memory budget
                       c  no good file lost (every certificate of an untouched file is reported)
                       d  no private key text in any output
                       e  no control characters but newlines in the text formats
  --workers N        worker threads, 1 or 2 (default 2)
  --max-reproducers N  distinct failures minimised and written (default 25)
  --no-minimise      write reproducers as found, without delta debugging
  --case I           run only case I of the seed and print its violations
  --replay FILE      run one reproducer file and print its violations
  --help             this text`;

function value(argv: readonly string[], i: number, name: string): [string | undefined, number] {
  const arg = argv[i] ?? "";
  if (arg.startsWith(`${name}=`)) return [arg.slice(name.length + 1), i];
  return [argv[i + 1], i + 1];
}

const INTEGER = /^\d+$/;

/** Reads the arguments after `npm run fuzz --`; mistakes come back as data. */
export function parseFuzzArgs(argv: readonly string[]): Result<FuzzArgs> {
  const args: FuzzArgs = {
    seed: 1,
    runs: 1000,
    budgetMs: 2000,
    budgetMb: 512,
    out: "lib/__fuzz__",
    checks: [...INVARIANTS],
    workers: 2,
    maxReproducers: 25,
    minimise: true,
    help: false,
  };
  const numbers = {
    "--seed": (n: number) => (args.seed = n),
    "--runs": (n: number) => (args.runs = n),
    "--budget-ms": (n: number) => (args.budgetMs = n),
    "--budget-mb": (n: number) => (args.budgetMb = n),
    "--workers": (n: number) => (args.workers = n),
    "--max-reproducers": (n: number) => (args.maxReproducers = n),
    "--case": (n: number) => (args.onlyCase = n),
  } as const;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const name = arg.replace(/=.*/, "");
    if (arg === "--help" || arg === "-h") args.help = true;
    else if (arg === "--no-minimise") args.minimise = false;
    else if (name in numbers) {
      const [text, next] = value(argv, i, name);
      i = next;
      if (text === undefined || !INTEGER.test(text))
        return fail(`${name} needs a whole number, got ${text ?? "nothing"}`);
      numbers[name as keyof typeof numbers](Number(text));
    } else if (name === "--out" || name === "--results" || name === "--replay") {
      const [text, next] = value(argv, i, name);
      i = next;
      if (!text) return fail(`${name} needs a path`);
      if (name === "--out") args.out = text;
      else if (name === "--results") args.results = text;
      else args.replay = text;
    } else if (name === "--check") {
      const [text, next] = value(argv, i, name);
      i = next;
      const checks = (text ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
      const unknown = checks.find((check) => !INVARIANTS.includes(check as Invariant));
      if (checks.length === 0 || unknown !== undefined)
        return fail(`--check needs invariants of ${INVARIANTS.join(",")}, got ${text ?? "nothing"}`);
      args.checks = INVARIANTS.filter((invariant) => checks.includes(invariant));
    } else return fail(`unknown argument ${arg}`);
  }
  if (args.runs < 1) return fail("--runs needs at least 1");
  if (args.workers < 1 || args.workers > 2) return fail("--workers is 1 or 2");
  if (args.budgetMs < 1 || args.budgetMb < 16)
    return fail("--budget-ms needs at least 1 and --budget-mb at least 16");
  if (args.seed > 0xffff_ffff) return fail("--seed is a 32-bit number");
  return ok(args);
}
