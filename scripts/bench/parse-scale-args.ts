/**
 * `npm run bench:scale` options: which fleet sizes to audit, how many CLI/openssl pairs per size,
 * and where the generated clusters are cached.
 */
import { fail, ok, type Result } from "../../lib/shared/result";

export interface ScaleArgs {
  /** Worker counts, ascending and distinct. */
  workers: number[];
  /** Timed (CLI, openssl) pairs per size, after one untimed pair. */
  pairs: number;
  cacheDir?: string;
  help: boolean;
}

export const SCALE_USAGE = `Usage: npm run bench:scale -- [--workers 1000,5000,10000] [--pairs N] [--cache DIR]

  --workers LIST  worker counts of the kubeadm cluster to audit (default 1000,5000,10000); each
                  worker has a kubelet client and a serverTLSBootstrap serving pair
  --pairs N       timed runs of the whole CLI and of openssl verify, alternately, per size
                  (default 3, after one untimed pair)
  --cache DIR     where generated clusters are kept and reused (default
                  node_modules/.cache/k8s-pki-bench)
  --help          this text

Prints the CLI/openssl ratio, the growth exponent and peak memory; writes
bench-results/bench-scale-<date>.json.`;

function value(argv: readonly string[], i: number, name: string): [string | undefined, number] {
  const arg = argv[i] ?? "";
  if (arg.startsWith(`${name}=`)) return [arg.slice(name.length + 1), i];
  return [argv[i + 1], i + 1];
}

/** Reads the arguments after `npm run bench:scale --`; mistakes come back as data. */
export function parseScaleArgs(argv: readonly string[]): Result<ScaleArgs> {
  let workers = [1000, 5000, 10000];
  let pairs = 3;
  let cacheDir: string | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") help = true;
    else if (arg === "--workers" || arg.startsWith("--workers=")) {
      const [list, next] = value(argv, i, "--workers");
      i = next;
      const counts = (list ?? "").split(",").map((part) => part.trim());
      if (counts.length === 0 || counts.some((count) => !/^[1-9]\d*$/.test(count)))
        return fail(`--workers needs positive integers separated by commas, got ${list ?? "nothing"}`);
      workers = [...new Set(counts.map(Number))].sort((a, b) => a - b);
    } else if (arg === "--pairs" || arg.startsWith("--pairs=")) {
      const [count, next] = value(argv, i, "--pairs");
      i = next;
      if (count === undefined || !/^[1-9]\d*$/.test(count))
        return fail(`--pairs needs a positive integer, got ${count ?? "nothing"}`);
      pairs = Number(count);
    } else if (arg === "--cache" || arg.startsWith("--cache=")) {
      const [dir, next] = value(argv, i, "--cache");
      i = next;
      if (!dir) return fail("--cache needs a folder");
      cacheDir = dir;
    } else return fail(`unknown argument ${arg}`);
  }
  return ok({ workers, pairs, ...(cacheDir ? { cacheDir } : {}), help });
}
