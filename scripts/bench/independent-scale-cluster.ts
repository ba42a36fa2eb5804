/**
 * The fleet-sized clusters `npm run bench:scale` audits that the project did not generate:
 * scripts/bench/independent-cluster.py writes them with Python's `cryptography` from real kubeadm
 * output (RSA or ECDSA CAs, per-node folders as a node copy has them, absolute kubelet links), and
 * with `archives` each node is gathered by the real collector into its own archive. Written once per
 * shape and size under the cache and reused; complete once the script's marker exists.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";

import type { ScaleCluster } from "./scale-cluster";

/** Bumped whenever the script's output changes shape. */
const CACHE_VERSION = 1;
const SCRIPT = resolve("scripts/bench/independent-cluster.py");

export type IndependentShape = "rsa" | "ecdsa" | "archives";

/** The instant the script's certificates are judged at (its default `--now`). */
export const INDEPENDENT_NOW = "2026-12-01T00:00:00Z";

/** Every worker's dated kubelet files (client and serving): what `openssl verify` checks. */
function kubeletPems(dir: string, workers: number): string[] {
  const pems: string[] = [];
  for (let i = 1; i <= workers; i++) {
    const pki = join(dir, "nodes", `node-${i}`, "var", "lib", "kubelet", "pki");
    for (const name of readdirSync(pki))
      if (/^kubelet-(client|server)-\d{4}-.*\.pem$/.test(name)) pems.push(join(pki, name));
  }
  return pems;
}

/** Whether python3 with `cryptography` is there to write the clusters. */
export function independentGeneratorMissing(): string | undefined {
  const run = spawnSync("python3", ["-c", "import cryptography"], { encoding: "utf8" });
  if (run.error || run.status !== 0)
    return "python3 with the cryptography package is needed for the independent clusters (apt-get install python3-cryptography)";
  return undefined;
}

/** The `shape` cluster of `workers` workers under `cacheRoot`, written unless a complete copy exists. */
export async function ensureIndependentCluster(
  cacheRoot: string,
  shape: IndependentShape,
  workers: number,
  progress: (message: string) => void,
): Promise<ScaleCluster> {
  const dir = join(cacheRoot, `independent-v${CACHE_VERSION}-${shape}-${workers}`);
  const result = (reused: boolean): ScaleCluster => ({
    dir: shape === "archives" ? join(dir, "archives") : dir,
    workers,
    kubeletPems: kubeletPems(dir, workers),
    caFile: join(dir, "control-plane", "etc", "kubernetes", "pki", "ca.crt"),
    reused,
  });
  if (existsSync(join(dir, ".complete"))) return result(true);
  await rm(dir, { recursive: true, force: true });
  progress(`  writing the ${shape} cluster of ${workers} workers with ${SCRIPT}`);
  const run = spawnSync(
    "python3",
    [
      SCRIPT,
      "--workers",
      String(workers),
      "--ca",
      shape === "ecdsa" ? "ecdsa" : "rsa",
      "--out",
      dir,
      ...(shape === "archives" ? ["--collector"] : []),
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`independent-cluster.py exited ${run.status}`);
  return result(false);
}
