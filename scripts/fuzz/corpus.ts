/**
 * The healthy inputs the fuzzer mutates: committed fixture nodes (the generated kubeadm node, the
 * real kubeadm v1.20 output, one node of each installer layout), each judged at the instant its
 * golden test uses. A case changes one of them and leaves the rest of its files as they are.
 */
import type { InputFile } from "../../lib/inventory";
import { FIXTURE_NOW, FIXTURES, readTree, SAMPLE_NOW } from "../../lib/test-support/fixtures";

/** The judge date of every layout fixture (see e2e/fixtures/layouts/README.md). */
const LAYOUT_NOW = "2026-12-01T00:00:00Z";

/** One fixture node: its folder under e2e/fixtures and the instant to judge it at. */
export interface CorpusEntry {
  name: string;
  dir: string;
  now: string;
  /** How often it is picked relative to the others. */
  weight: number;
}

export const CORPUS: readonly CorpusEntry[] = [
  { name: "healthy", dir: "healthy", now: FIXTURE_NOW, weight: 4 },
  { name: "kubeadm-v1.20", dir: "kubeadm-v1.20", now: SAMPLE_NOW, weight: 3 },
  { name: "k3s-server", dir: "layouts/k3s/server-1", now: LAYOUT_NOW, weight: 1 },
  { name: "rke2-server", dir: "layouts/rke2/server-1", now: LAYOUT_NOW, weight: 1 },
  { name: "minikube", dir: "layouts/minikube", now: LAYOUT_NOW, weight: 1 },
  { name: "kubespray-node1", dir: "layouts/kubespray/node1", now: LAYOUT_NOW, weight: 1 },
  { name: "kind-control-plane", dir: "layouts/kind-ha/kind-control-plane", now: LAYOUT_NOW, weight: 1 },
  { name: "hard-way-server", dir: "layouts/hard-way/server", now: LAYOUT_NOW, weight: 1 },
  { name: "hard-way-node", dir: "layouts/hard-way/node-0", now: LAYOUT_NOW, weight: 1 },
  { name: "hard-way-cfssl", dir: "layouts/hard-way-cfssl/controller-0", now: LAYOUT_NOW, weight: 1 },
  { name: "vault-controller", dir: "layouts/vault-hard-way/controller-1", now: LAYOUT_NOW, weight: 1 },
  { name: "eks-node", dir: "layouts/eks-node", now: LAYOUT_NOW, weight: 1 },
  { name: "zipped-kubelet", dir: "layouts/zipped-kubelet/tree", now: LAYOUT_NOW, weight: 1 },
  { name: "generic-mtls", dir: "layouts/generic-mtls", now: LAYOUT_NOW, weight: 1 },
];

/** A corpus entry with its files read from disk. */
export interface LoadedEntry extends CorpusEntry {
  files: InputFile[];
}

/** The entry named `name`; an unknown name is a bug in a reproducer or the caller. */
export function corpusEntry(name: string): CorpusEntry {
  const entry = CORPUS.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no corpus entry named ${name}`);
  return entry;
}

/** Reads every corpus entry's files (symlinks as copies of their targets, as the CLI reads them). */
export function loadCorpus(entries: readonly CorpusEntry[] = CORPUS): LoadedEntry[] {
  return entries.map((entry) => {
    const files = readTree(`${FIXTURES}/${entry.dir}`);
    if (files.length === 0) throw new Error(`corpus entry ${entry.name} has no files in ${entry.dir}`);
    return { ...entry, files };
  });
}
