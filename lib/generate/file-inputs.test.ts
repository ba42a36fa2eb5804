import { describe, expect, it } from "vitest";

import { fileInputs } from "./file-inputs";
import { healthyNode } from "./healthy-node";
import { certSpec, manifestSpec, type NodeModel } from "./node-model";

/** Paths whose rendering inputs differ between the healthy node and the node after `change`. */
function changedBy(change: (model: NodeModel) => void): string[] {
  const before = healthyNode();
  const after = healthyNode();
  change(after);
  return Object.keys(after.files)
    .filter((path) => fileInputs(before, path).fingerprint !== fileInputs(after, path).fingerprint)
    .sort();
}

describe("fileInputs", () => {
  it.each([
    {
      name: "a leaf's end date changes only its certificate file",
      change: (model: NodeModel) => {
        certSpec(model, "apiserver").notAfter = "2026-05-01T00:00:00Z";
      },
      changed: ["etc/kubernetes/pki/apiserver.crt"],
    },
    {
      name: "a CA's end date changes its file and the kubeconfigs that embed it, not what it signed",
      change: (model: NodeModel) => {
        certSpec(model, "front-proxy-ca").notAfter = "2030-01-01T00:00:00Z";
      },
      changed: ["etc/kubernetes/pki/front-proxy-ca.crt"],
    },
    {
      name: "a CA's name changes everything it signed",
      change: (model: NodeModel) => {
        certSpec(model, "etcd-ca").subject.cn = "etcd-ca-2";
      },
      changed: [
        "etc/kubernetes/pki/apiserver-etcd-client.crt",
        "etc/kubernetes/pki/etcd/ca.crt",
        "etc/kubernetes/pki/etcd/healthcheck-client.crt",
        "etc/kubernetes/pki/etcd/peer.crt",
        "etc/kubernetes/pki/etcd/server.crt",
      ],
    },
    {
      name: "a flag changes only its manifest",
      change: (model: NodeModel) => {
        manifestSpec(model, "etc/kubernetes/manifests/kube-apiserver.yaml").flags["authorization-mode"] =
          "RBAC";
      },
      changed: ["etc/kubernetes/manifests/kube-apiserver.yaml"],
    },
    {
      name: "a key's spec changes every file holding or signed with it",
      change: (model: NodeModel) => {
        model.keys["front-proxy-client"] = { algorithm: "RSA", bits: 2048 };
      },
      changed: ["etc/kubernetes/pki/front-proxy-client.crt", "etc/kubernetes/pki/front-proxy-client.key"],
    },
  ])("$name", ({ change, changed }) => {
    expect(changedBy(change)).toEqual(changed);
  });

  it("lists the keys a kubeconfig needs: the CA's, its client certificate's and the client key", () => {
    expect(fileInputs(healthyNode(), "etc/kubernetes/admin.conf").keys).toEqual(["admin", "ca"]);
  });

  it("refuses a path the model does not have", () => {
    expect(() => fileInputs(healthyNode(), "etc/kubernetes/nothing.conf")).toThrow(/no file/);
  });
});
