import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { readTree } from "../../lib/test-support/fixtures";
import { healthyClusterCa } from "../../scripts/bench/fixture-inputs";
import { generateWorkers } from "../../scripts/bench/synthetic-cluster";

/**
 * The healthy node plus `count` worker nodes, each with its own kubelet client certificate signed
 * by the healthy node's cluster CA (real keys, real signatures), written to a fresh folder on disk.
 */
export async function writeSyntheticCluster(count: number): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "k8s-pki-synthetic-"));
  const dir = join(root, "synthetic");
  const base = readTree(resolve("e2e/fixtures/healthy"));
  const generated = await generateWorkers(count, healthyClusterCa(), globalThis.crypto);
  for (const file of [...base, ...generated.flat()]) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.bytes);
  }
  return dir;
}
