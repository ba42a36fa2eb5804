/**
 * `npm run bench:scale` options: which cluster shapes and fleet sizes to audit, how many CLI/openssl
 * pairs per size, and where the generated clusters are cached.
 */
import { fail, ok, type Result } from "../../lib/shared/result";

/**
 * `own`: the project's generator; `rsa`/`ecdsa`: per-node folders written by another tool with that
 * CA; `archives`: the same nodes, one collector archive each.
 */
export const SCALE_SHAPES = ["own", "rsa", "ecdsa", "archives"] as const;
export type ScaleShape = (typeof SCALE_SHAPES)[number];

export interface ScaleArgs {
  shapes: ScaleShape[];
  /** Worker counts of the folder shapes, ascending and distinct. */
  workers: number[];
  /** Worker counts of the archives shape (one archive per node), ascending and distinct. */
  archiveWorkers: number[];
  /** Timed (CLI, openssl) pairs per size, after one untimed pair. */
  pairs: number;
  cacheDir?: string;
  help: boolean;
}

export const SCALE_USAGE = `Usage: npm run bench:scale -- [--shapes LIST] [--workers LIST] [--archive-workers LIST]
                              [--pairs N] [--cache DIR]

  --shapes LIST           which clusters (default own,rsa,ecdsa,archives):
                            own       the project's generator: a kubeadm control plane and N workers
                            rsa       written by another tool (scripts/bench/independent-cluster.py,
                                      Python cryptography) from real kubeadm output, RSA CAs,
                                      per-node folders as a node copy has them
                            ecdsa     the same with ECDSA P-256 CAs
                            archives  the rsa nodes, each gathered by the collector into its own
                                      archive: the offline auditor's directory of archives
  --workers LIST          worker counts of own, rsa and ecdsa (default 1000,5000,10000); each
                          worker has a kubelet client and a serving pair
  --archive-workers LIST  worker counts of archives (default 2000)
  --pairs N               timed runs of the whole CLI and of openssl verify, alternately, per size
                          (default 3, after one untimed pair)
  --cache DIR             where generated clusters are kept and reused (default
                          node_modules/.cache/k8s-pki-bench)
  --help                  this text

Prints the CLI/openssl ratio, the growth exponent and peak memory per shape; writes
bench-results/bench-scale-<date>.json.`;

function value(argv: readonly string[], i: number, name: string): [string | undefined, number] {
  const arg = argv[i] ?? "";
  if (arg.startsWith(`${name}=`)) return [arg.slice(name.length + 1), i];
  return [argv[i + 1], i + 1];
}

function counts(name: string, list: string | undefined): Result<number[]> {
  const parts = (list ?? "").split(",").map((part) => part.trim());
  if (parts.length === 0 || parts.some((count) => !/^[1-9]\d*$/.test(count)))
    return fail(`${name} needs positive integers separated by commas, got ${list ?? "nothing"}`);
  return ok([...new Set(parts.map(Number))].sort((a, b) => a - b));
}

const isShape = (name: string): name is ScaleShape => (SCALE_SHAPES as readonly string[]).includes(name);

/** Reads the arguments after `npm run bench:scale --`; mistakes come back as data. */
export function parseScaleArgs(argv: readonly string[]): Result<ScaleArgs> {
  let shapes: ScaleShape[] = [...SCALE_SHAPES];
  let workers = [1000, 5000, 10000];
  let archiveWorkers = [2000];
  let pairs = 3;
  let cacheDir: string | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const named = (name: string) => arg === name || arg.startsWith(`${name}=`);
    if (arg === "--help" || arg === "-h") help = true;
    else if (named("--shapes")) {
      const [list, next] = value(argv, i, "--shapes");
      i = next;
      const names = (list ?? "").split(",").map((part) => part.trim());
      const unknown = names.find((name) => !isShape(name));
      if (unknown !== undefined)
        return fail(`--shapes takes ${SCALE_SHAPES.join(", ")}; got ${unknown || "nothing"}`);
      shapes = SCALE_SHAPES.filter((shape) => names.includes(shape));
    } else if (named("--workers") || named("--archive-workers")) {
      const name = named("--workers") ? "--workers" : "--archive-workers";
      const [list, next] = value(argv, i, name);
      i = next;
      const read = counts(name, list);
      if (!read.ok) return read;
      if (name === "--workers") workers = read.value;
      else archiveWorkers = read.value;
    } else if (named("--pairs")) {
      const [count, next] = value(argv, i, "--pairs");
      i = next;
      if (count === undefined || !/^[1-9]\d*$/.test(count))
        return fail(`--pairs needs a positive integer, got ${count ?? "nothing"}`);
      pairs = Number(count);
    } else if (named("--cache")) {
      const [dir, next] = value(argv, i, "--cache");
      i = next;
      if (!dir) return fail("--cache needs a folder");
      cacheDir = dir;
    } else return fail(`unknown argument ${arg}`);
  }
  return ok({ shapes, workers, archiveWorkers, pairs, ...(cacheDir ? { cacheDir } : {}), help });
}
