/**
 * `--public-keys-only` keeps no secret and changes no verdict: each fixture node, laid out as `/`
 * with noise around it, collected under dash and under busybox (its sh and tar) with every private
 * key replaced by its public half, is judged exactly as the node folder with its private keys —
 * the pairing faults (KEY_MISMATCH, SA_KEY_MISMATCH) included — and the report names the halves.
 */
import { describe, expect, it } from "vitest";
import {
  collectorWorkspace,
  FIXTURE_NOW,
  HOST,
  LAYOUT_NOW,
  reportsOf,
  type Shell,
  verdict,
} from "./test-support/collector";

const workspace = collectorWorkspace("k8s-pki-collect-verdict-");

const NODES = [
  { dir: "healthy", now: FIXTURE_NOW },
  { dir: "faults/key-mismatch-apiserver", now: FIXTURE_NOW },
  { dir: "faults/sa-key-mismatch", now: FIXTURE_NOW },
  { dir: "faults/bootstrap-token-left", now: FIXTURE_NOW },
  { dir: "faults/encryption-short-aescbc-key", now: FIXTURE_NOW },
  { dir: "layouts/k3s/server-1", now: LAYOUT_NOW },
  { dir: "layouts/rke2/server-1", now: LAYOUT_NOW },
  { dir: "layouts/kind-ha/kind-control-plane", now: LAYOUT_NOW },
  { dir: "layouts/minikube", now: LAYOUT_NOW },
  { dir: "layouts/kubespray/node1", now: LAYOUT_NOW },
  { dir: "layouts/hard-way/server", now: LAYOUT_NOW },
];

/**
 * The nodes also collected under busybox: the shell's part (its sh, its tar, its tools) is the same
 * for every layout, so three shapes — kubeadm's, a pairing fault, k3s's — stand for them all.
 */
const BUSYBOX_TOO = new Set(["healthy", "faults/key-mismatch-apiserver", "layouts/k3s/server-1"]);

describe.each(NODES)("--public-keys-only on $dir", ({ dir, now }) => {
  const shells: Shell[] = BUSYBOX_TOO.has(dir) ? ["dash", "busybox"] : ["dash"];
  it.each<Shell>(shells)("under %s, judges as the node folder", async (shell) => {
    const { out, result } = await workspace.collectNoisy(dir, shell, { publicKeysOnly: true });
    expect(result.code).toBe(0);
    const { folder, archive } = await reportsOf(dir, out, now);
    expect(verdict(archive, HOST)).toEqual(verdict(folder));
    expect(folder.inputs.publicHalves).toBeUndefined();
    expect(archive.inputs.publicHalves?.length).toBeGreaterThan(0);
  });
});
