/**
 * The committed fixtures the bench reads from disk: the real kubeadm v1.20 output, the generated
 * healthy v1.31 node, and that node's cluster CA for signing synthetic workers.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import type { InputFile } from "../../lib/inventory";
import { fixtureDir, FIXTURE_NOW, readTree, SAMPLE_NOW } from "../../lib/test-support/fixtures";
import { loadClusterCa, type ClusterCa } from "./cluster-ca";

/** One input of the bench: files, the instant to judge them at, and what they stand for. */
export interface BenchInput {
  name: string;
  files: InputFile[];
  now: string;
  /** Worker nodes in a synthetic set (each one more kubelet-client relationship). */
  workers?: number;
  /** The input is one archive, so ingest includes expanding it. */
  archive?: boolean;
}

/** The two committed fixtures, judged at the instants the golden tests use. */
export function fixtureInputs(): BenchInput[] {
  return [
    { name: "kubeadm-v1.20", files: readTree(fixtureDir("kubeadm-v1.20")), now: SAMPLE_NOW },
    { name: "healthy", files: readTree(fixtureDir("healthy")), now: FIXTURE_NOW },
  ];
}

/** The healthy node's cluster CA, read from its committed `ca.crt` and `ca.key`. */
export function healthyClusterCa(): ClusterCa {
  const pki = join(fixtureDir("healthy"), "etc", "kubernetes", "pki");
  return loadClusterCa(readFileSync(join(pki, "ca.crt"), "utf8"), readFileSync(join(pki, "ca.key"), "utf8"));
}
