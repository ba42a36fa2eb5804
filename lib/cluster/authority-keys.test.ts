import { describe, expect, it } from "vitest";
import { ingest } from "../ingest/ingest";
import type { InputFile } from "../inventory";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { authorityKeys, joinsLoaded } from "./authority-keys";

async function keysOf(files: InputFile[]) {
  return authorityKeys(await ingest(files, { crypto: globalThis.crypto }));
}

const tree = (name: string, under = "") =>
  readTree(fixtureDir(name)).filter((file) => file.path.startsWith(under));

describe("joinsLoaded", () => {
  it.each([
    ["a second control plane of the same kind cluster", "layouts/kind-ha", "kind-control-plane2/", true],
    ["a kind worker's whole node", "layouts/kind-ha", "kind-worker/", true],
    // No CA certificate at all: only the authority key identifier ties it to the cluster.
    ["a kind worker's kubelet pki folder alone", "layouts/kind-ha", "kind-worker/var/lib/kubelet/pki/", true],
    ["another kubeadm cluster (its CA is also named kubernetes)", "kubeadm-v1.20", "", false],
    ["a k3s server", "layouts/k3s", "", false],
    ["manifests only: nothing to compare", "kubeadm-v1.20", "manifests/", true],
  ])("%s", async (_name, fixture, under, joins) => {
    const loaded = await keysOf(tree("layouts/kind-ha", "kind-control-plane/"));
    const added = await keysOf(tree(fixture, under));
    expect(joinsLoaded([loaded], added)).toBe(joins);
  });

  it("names the CAs of a drop by their common names", async () => {
    const { authorities } = await keysOf(tree("kubeadm-v1.20"));
    expect(authorities).toEqual(expect.arrayContaining(["kubernetes", "etcd-ca", "front-proxy-ca"]));
  });

  it("joins anything to an empty cluster", async () => {
    expect(joinsLoaded([], await keysOf(tree("layouts/k3s")))).toBe(true);
  });
});
