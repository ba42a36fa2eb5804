/**
 * The committed demo, rendered again from the keys read back out of its own files, is the demo byte
 * for byte — except the kubelets' self-signed kubelet.crt, whose CA key the kubelet never writes.
 */
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { REPO_ROOT, readTree } from "../test-support/fixtures";
import { demoCluster } from "./demo-cluster";
import { readKeyFiles } from "./key-files";
import { KeyStore } from "./keys";
import { NodeRenderer } from "./render-node";

const crypto = globalThis.crypto;
const demoFiles = readTree(join(REPO_ROOT, "e2e", "fixtures", "demo"));

describe("readKeyFiles", () => {
  it("reads back every key a demo file holds, and the demo renders again unchanged", async () => {
    const model = demoCluster();
    const keys = await readKeyFiles(model, demoFiles, crypto);
    expect(Object.keys(model.keys).filter((id) => !keys.has(id))).toEqual([
      "kubelet-serving-ca",
      "worker-1-kubelet-serving-ca",
    ]);
    const store = new KeyStore(crypto);
    for (const [id, material] of keys) store.seed(id, material);
    const rendered = await new NodeRenderer(store, crypto).render(model);
    const differing = demoFiles
      .filter((file) => !Buffer.from(rendered.get(file.path) ?? []).equals(Buffer.from(file.bytes)))
      .map((file) => file.path);
    expect(differing).toEqual([
      "control-1/var/lib/kubelet/pki/kubelet.crt",
      "worker-1/var/lib/kubelet/pki/kubelet.crt",
    ]);
  });

  it("reads only the keys asked for, and skips files that are not given", async () => {
    const model = demoCluster();
    const only = await readKeyFiles(model, demoFiles, crypto, new Set(["ca", "admin"]));
    expect([...only.keys()].sort()).toEqual(["admin", "ca"]);
    const withoutPki = demoFiles.filter((file) => !file.path.includes("/pki/"));
    expect([...(await readKeyFiles(model, withoutPki, crypto)).keys()].sort()).toEqual([
      "admin",
      "controller-manager",
      "scheduler",
      "super-admin",
    ]);
  });

  it("names the key and the file when a file holds another kind of key than the model says", async () => {
    const apiserverKey = demoFiles.find((file) => file.path === "control-1/etc/kubernetes/pki/apiserver.key");
    if (!apiserverKey) throw new Error("the demo has no apiserver.key");
    const swapped = [{ path: "control-1/etc/kubernetes/pki/sa.key", bytes: apiserverKey.bytes }];
    await expect(readKeyFiles(demoCluster(), swapped, crypto)).rejects.toThrow(
      'key "sa" in control-1/etc/kubernetes/pki/sa.key: key is ECDSA-P256, not RSA-2048',
    );
  });
});
