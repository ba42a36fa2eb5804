/**
 * One timed run of each side of the scale comparison: the whole `k8s-pki audit` process (start-up,
 * reading every file, the report written as JSON) and `openssl verify` over the same kubelet
 * certificates, 500 files per process as a shell loop would batch them. Peak memory comes from GNU
 * time's maximum resident set size when /usr/bin/time exists.
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";

const GNU_TIME = "/usr/bin/time";
export const OPENSSL_BATCH = 500;

export interface CliRun {
  ms: number;
  /** Peak resident memory of the CLI process in MB, when GNU time could measure it. */
  peakMb?: number;
  exitCode: number | null;
}

/** Runs `node <bin> audit <dir> --format json --now <now>`, the report written to `outFile`. */
export function runCli(bin: string, dir: string, now: string, outFile: string): CliRun {
  const command = [process.execPath, bin, "audit", dir, "--format", "json", "--now", now];
  const timed = existsSync(GNU_TIME);
  const out = openSync(outFile, "w");
  try {
    const started = performance.now();
    const run = timed
      ? spawnSync(GNU_TIME, ["-f", "k8s-pki-bench-rss %M", ...command], {
          stdio: ["ignore", out, "pipe"],
          encoding: "utf8",
        })
      : spawnSync(command[0] ?? "node", command.slice(1), {
          stdio: ["ignore", out, "pipe"],
          encoding: "utf8",
        });
    const ms = performance.now() - started;
    if (run.error) throw run.error;
    const rss = /k8s-pki-bench-rss (\d+)/.exec(run.stderr ?? "");
    return { ms, exitCode: run.status, ...(rss ? { peakMb: Number(rss[1]) / 1024 } : {}) };
  } finally {
    closeSync(out);
  }
}

/** What the JSON report says about the audited cluster, to make sure the run judged all of it. */
export interface ReportGist {
  certificates: number;
  errors: number;
  warnings: number;
  status: string;
}

export function reportGist(outFile: string): ReportGist {
  const report = JSON.parse(readFileSync(outFile, "utf8")) as {
    certificates: unknown[];
    summary: { error: number; warning: number; status: string };
  };
  return {
    certificates: report.certificates.length,
    errors: report.summary.error,
    warnings: report.summary.warning,
    status: report.summary.status,
  };
}

/** Times `openssl verify -CAfile ca` over all files in batches; a failed verification throws. */
export function runOpenssl(caFile: string, pems: readonly string[], now: string): number {
  const attime = String(Math.floor(new Date(now).getTime() / 1000));
  const started = performance.now();
  for (let i = 0; i < pems.length; i += OPENSSL_BATCH) {
    const batch = pems.slice(i, i + OPENSSL_BATCH);
    const run = spawnSync("openssl", ["verify", "-attime", attime, "-CAfile", caFile, ...batch], {
      encoding: "utf8",
    });
    if (run.error) throw run.error;
    const verified = run.stdout.split("\n").filter((line) => line.endsWith(": OK")).length;
    if (run.status !== 0 || verified !== batch.length)
      throw new Error(`openssl verify: ${verified} of ${batch.length} OK: ${run.stderr.slice(0, 300)}`);
  }
  return performance.now() - started;
}

/** openssl's version line, or undefined when it cannot run. */
export function opensslVersion(): string | undefined {
  const run = spawnSync("openssl", ["version"], { encoding: "utf8" });
  return run.error || run.status !== 0 ? undefined : run.stdout.trim().split(" (")[0];
}
