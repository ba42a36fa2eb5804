/**
 * A fleet with a few broken kubelets, for the kubelet group's view: the healthy control-plane node
 * and `count` workers signed by its cluster CA, except two. One worker's client certificate is
 * signed by another cluster's CA (the apiserver does not trust it, nor it the apiserver), and one
 * worker keeps a key that is not its certificate's.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { InputFile } from "../../lib/inventory";
import { fixtureDir, readTree } from "../../lib/test-support/fixtures";
import { loadClusterCa } from "../../scripts/bench/cluster-ca";
import { healthyClusterCa } from "../../scripts/bench/fixture-inputs";
import { workerNodeFiles, type WorkerOptions } from "../../scripts/bench/synthetic-cluster";

/** The node names of the broken workers, by what is wrong with them. */
export const BROKEN_WORKERS = {
  foreignCa: 7,
  wrongKey: 42,
} as const;

export function brokenNodeName(which: keyof typeof BROKEN_WORKERS): string {
  return `node-${BROKEN_WORKERS[which]}`;
}

/** The kubeadm v1.20 fixture's cluster CA: a CA of another cluster. */
function foreignCa() {
  const pki = join(fixtureDir("kubeadm-v1.20"), "pki");
  return loadClusterCa(readFileSync(join(pki, "ca.crt"), "utf8"), readFileSync(join(pki, "ca.key"), "utf8"));
}

const PEM_KEY = /-----BEGIN EC PRIVATE KEY-----[\s\S]*?-----END EC PRIVATE KEY-----\n?/;

/** Every file of the fleet: the healthy node, then `count` workers (more than 42). */
export async function brokenFleetFiles(count: number, options: WorkerOptions = {}): Promise<InputFile[]> {
  if (count <= BROKEN_WORKERS.wrongKey) throw new Error("a broken fleet needs more than 42 workers");
  const ca = healthyClusterCa();
  const other = foreignCa();
  const crypto = globalThis.crypto;
  const workers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      workerNodeFiles(i + 1, i + 1 === BROKEN_WORKERS.foreignCa ? other : ca, crypto, options),
    ),
  );
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const encode = (text: string) => new TextEncoder().encode(text);
  const clientPem = (files: InputFile[]) => files.find((f) => f.path.endsWith("kubelet-client-current.pem"));

  // The wrong key: the next worker's key beside this worker's certificate.
  const wrong = clientPem(workers[BROKEN_WORKERS.wrongKey - 1] ?? []);
  const donor = clientPem(workers[BROKEN_WORKERS.wrongKey] ?? []);
  const donorKey = donor ? PEM_KEY.exec(decode(donor.bytes))?.[0] : undefined;
  if (!wrong || !donorKey) throw new Error("no kubelet client file to break");
  wrong.bytes = encode(decode(wrong.bytes).replace(PEM_KEY, donorKey));

  return [...readTree(resolve(fixtureDir("healthy"))), ...workers.flat()];
}

/** The broken fleet written to a fresh folder on disk, for a drop; the folder's path. */
export async function writeBrokenFleet(count: number, options: WorkerOptions = {}): Promise<string> {
  const dir = join(mkdtempSync(join(tmpdir(), "k8s-pki-fleet-")), "fleet");
  for (const file of await brokenFleetFiles(count, options)) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.bytes);
  }
  return dir;
}
