/**
 * `--public-keys-only` keeps no secret and changes no verdict: each fixture node, laid out as `/`
 * with noise around it, collected under dash and under busybox (its sh and tar) with every private
 * key replaced by its public half, is judged exactly as the node folder with its private keys —
 * the pairing faults (KEY_MISMATCH, SA_KEY_MISMATCH) included — and the report names the halves.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditReport,
  busyboxPath,
  FIXTURES,
  noisyNode,
  runCollector,
  type Shell,
  verdict,
} from "./test-support/collector";

const HOST = "collect-test-node";
const FIXTURE_NOW = "2026-06-01T00:00:00Z";
const LAYOUT_NOW = "2026-12-01T00:00:00Z";
let temp: string;
let busyboxBin: string;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "k8s-pki-collect-verdict-"));
  busyboxBin = busyboxPath(join(temp, "busybox-bin"), { openssl: true });
});

afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

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

describe.each(NODES)("--public-keys-only on $dir", ({ dir, now }) => {
  it.each<Shell>(["dash", "busybox"])("under %s, judges as the node folder", async (shell) => {
    const name = `${dir.replace(/\//g, "_")}-${shell}`;
    const node = await noisyNode(join(FIXTURES, dir), join(temp, name), HOST);
    try {
      const out = join(temp, `${name}.tgz`);
      const path = shell === "busybox" ? busyboxBin : undefined;
      const result = await runCollector(
        shell,
        ["--root", node.root, "--out", out, "--public-keys-only"],
        path,
      );
      expect(result.code).toBe(0);
      const [folder, archive] = await Promise.all([
        auditReport(join(FIXTURES, dir), now),
        auditReport(out, now),
      ]);
      expect(verdict(archive, HOST)).toEqual(verdict(folder));
      expect(folder.inputs.publicHalves).toBeUndefined();
      expect(archive.inputs.publicHalves?.length).toBeGreaterThan(0);
    } finally {
      node.socket.close();
    }
  });
});
