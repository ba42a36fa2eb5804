/**
 * The outside yardstick: the same kubelet-client chain checks done by `openssl verify` — one
 * process per batch of files, all against the cluster CA — so the core's cost can be read as a
 * multiple of a native, widely trusted verifier on this very machine.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { InputFile } from "../../lib/inventory";
import { summarize, type Summary } from "./stats";

export interface OpensslOptions {
  runs: number;
  warmups: number;
  /** Files per `openssl verify` process. */
  batchSize: number;
  /** The instant to verify at (the analysis's `now`), as openssl's `-attime` wants it. */
  now: Date;
}

export type OpensslResult =
  | (Summary & {
      available: true;
      version: string;
      certificates: number;
      processes: number;
      samples: number[];
    })
  | { available: false; reason: string };

function runBatch(caFile: string, files: string[], attime: string): string | undefined {
  const run = spawnSync("openssl", ["verify", "-attime", attime, "-CAfile", caFile, ...files], {
    encoding: "utf8",
  });
  if (run.error) return `openssl could not run: ${run.error.message}`;
  const ok = run.stdout.split("\n").filter((line) => line.endsWith(": OK")).length;
  if (run.status !== 0 || ok !== files.length) {
    return `openssl verify: ${ok} of ${files.length} OK (exit ${run.status}): ${run.stderr.trim().slice(0, 300)}`;
  }
  return undefined;
}

/**
 * Writes the PEM files and the CA to a temporary folder, then times full passes over all files
 * (every batch, process start-up included). A chain that does not verify, or no openssl on the
 * machine, is returned as the reason rather than a figure.
 */
export async function measureOpensslVerify(
  pems: readonly InputFile[],
  caPem: string,
  options: OpensslOptions,
): Promise<OpensslResult> {
  const version = spawnSync("openssl", ["version"], { encoding: "utf8" });
  if (version.error || version.status !== 0) {
    return { available: false, reason: `openssl not usable: ${version.error?.message ?? version.stderr}` };
  }
  const dir = await mkdtemp(join(tmpdir(), "k8s-pki-bench-"));
  try {
    const caFile = join(dir, "ca.crt");
    await writeFile(caFile, caPem);
    const files = await Promise.all(
      pems.map(async (pem, i) => {
        const file = join(dir, `${i}.pem`);
        await writeFile(file, pem.bytes);
        return file;
      }),
    );
    const batches: string[][] = [];
    for (let i = 0; i < files.length; i += options.batchSize)
      batches.push(files.slice(i, i + options.batchSize));
    const attime = String(Math.floor(options.now.getTime() / 1000));
    const pass = (): string | undefined => {
      for (const batch of batches) {
        const problem = runBatch(caFile, batch, attime);
        if (problem) return problem;
      }
      return undefined;
    };
    for (let i = 0; i < options.warmups; i++) {
      const problem = pass();
      if (problem) return { available: false, reason: problem };
    }
    const samples: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const start = performance.now();
      const problem = pass();
      samples.push(performance.now() - start);
      if (problem) return { available: false, reason: problem };
    }
    return {
      available: true,
      version: version.stdout.trim().split(" (")[0] ?? version.stdout.trim(),
      certificates: files.length,
      processes: batches.length,
      ...summarize(samples),
      samples,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
