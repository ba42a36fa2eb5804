/**
 * The fleet-sized cluster `npm run bench:scale` audits, written to disk once per size and reused:
 * the healthy kubeadm control plane plus N workers, each with its kubelet client pair and its
 * serverTLSBootstrap serving pair, all signed by the control plane's cluster CA. The folder is
 * complete once its marker file exists, so an interrupted generation is redone, not reused.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

import { fixtureDir } from "../../lib/test-support/fixtures";
import { healthyClusterCa } from "./fixture-inputs";
import { workerDir, workerNodeFiles } from "./synthetic-cluster";

/** Bumped whenever the generated files change shape, so stale caches are not measured. */
const CACHE_VERSION = 1;
const COMPLETE_MARKER = ".complete";
/** Workers generated (and written) at a time: bounded memory at 10,000 workers. */
const GENERATION_BATCH = 250;

export interface ScaleCluster {
  dir: string;
  workers: number;
  /** Every worker's kubelet certificate files (client and serving), what `openssl verify` checks. */
  kubeletPems: string[];
  /** The cluster CA the kubelet certificates chain to. */
  caFile: string;
  reused: boolean;
}

/** Where the cluster of `workers` workers lives under `cacheRoot`. */
export function scaleClusterDir(cacheRoot: string, workers: number): string {
  return join(cacheRoot, `scale-v${CACHE_VERSION}-${workers}`);
}

function kubeletPems(dir: string, workers: number): string[] {
  const pems: string[] = [];
  for (let i = 1; i <= workers; i++) {
    const pki = join(dir, workerDir(i), "var", "lib", "kubelet", "pki");
    pems.push(join(pki, "kubelet-client-current.pem"), join(pki, "kubelet-server-current.pem"));
  }
  return pems;
}

/** The cluster of `workers` workers under `cacheRoot`, generated unless a complete copy exists. */
export async function ensureScaleCluster(
  cacheRoot: string,
  workers: number,
  progress: (message: string) => void,
): Promise<ScaleCluster> {
  const dir = scaleClusterDir(cacheRoot, workers);
  const result = (reused: boolean): ScaleCluster => ({
    dir,
    workers,
    kubeletPems: kubeletPems(dir, workers),
    caFile: join(dir, "etc", "kubernetes", "pki", "ca.crt"),
    reused,
  });
  if (existsSync(join(dir, COMPLETE_MARKER))) return result(true);
  await rm(dir, { recursive: true, force: true });
  const write = async (path: string, bytes: Uint8Array) => {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
  };
  await cp(fixtureDir("healthy"), dir, { recursive: true, verbatimSymlinks: true });
  const ca = healthyClusterCa();
  for (let start = 1; start <= workers; start += GENERATION_BATCH) {
    const end = Math.min(workers, start + GENERATION_BATCH - 1);
    const batch = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) =>
        workerNodeFiles(start + i, ca, globalThis.crypto, { serving: true }),
      ),
    );
    for (const file of batch.flat()) await write(file.path, file.bytes);
    if (end % 1000 === 0 || end === workers) progress(`  generated ${end} of ${workers} workers`);
  }
  await writeFile(join(dir, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
  return result(false);
}
