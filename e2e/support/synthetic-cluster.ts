import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "fflate";
import { writeTar } from "../../lib/archive/write-tar";
import type { InputFile } from "../../lib/inventory";
import { readTree } from "../../lib/test-support/fixtures";
import { healthyClusterCa } from "../../scripts/bench/fixture-inputs";
import { generateWorkers, type WorkerOptions } from "../../scripts/bench/synthetic-cluster";

/** The healthy node's files and `count` workers' (real keys, real signatures by its cluster CA). */
async function clusterFiles(count: number, options: WorkerOptions): Promise<InputFile[]> {
  const base = readTree(resolve("e2e/fixtures/healthy"));
  const generated = await generateWorkers(count, healthyClusterCa(), globalThis.crypto, options);
  return [...base, ...generated.flat()];
}

/**
 * The healthy node plus `count` worker nodes, each with its own kubelet client certificate signed
 * by the healthy node's cluster CA (and, with `serving`, its serving pair), written to a fresh
 * folder on disk.
 */
export async function writeSyntheticCluster(count: number, options: WorkerOptions = {}): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "k8s-pki-synthetic-"));
  const dir = join(root, "synthetic");
  for (const file of await clusterFiles(count, options)) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.bytes);
  }
  return dir;
}

/** The same cluster as one .tar.gz, as a fleet's files are usually handed around; its path. */
export async function writeSyntheticArchive(count: number, options: WorkerOptions = {}): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "k8s-pki-synthetic-"));
  const archive = join(root, `cluster-${count}-workers.tar.gz`);
  writeFileSync(archive, gzipSync(writeTar(await clusterFiles(count, options))));
  return archive;
}
