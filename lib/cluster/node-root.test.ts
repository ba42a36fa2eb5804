import { describe, expect, it } from "vitest";
import { isUnder, nodeRoot } from "./node-root";

describe("nodeRoot", () => {
  it.each([
    { path: "etc/kubernetes/pki/ca.crt", want: "" },
    { path: "cp-2/etc/kubernetes/pki/ca.crt", want: "cp-2" },
    { path: "backup/worker-7/var/lib/kubelet/config.yaml", want: "backup/worker-7" },
    { path: "node.tgz/etc/kubernetes/admin.conf", want: "node.tgz" },
    { path: "server-1/var/lib/rancher/k3s/server/tls/client-ca.crt", want: "server-1" },
    { path: "home/user/.minikube/ca.crt", want: "" },
    { path: "cp-3/pki/apiserver.crt", want: "cp-3" },
    { path: "kubeadm-v1.20/manifests/etcd.yaml", want: "kubeadm-v1.20" },
    { path: "pki/etcd/ca.crt", want: "" },
    { path: "admin.conf", want: undefined },
    { path: "certs/ca.pem", want: undefined },
  ])("$path → $want", ({ path, want }) => expect(nodeRoot(path)).toBe(want));
});

describe("isUnder", () => {
  it.each([
    { path: "cp-2/etc/x", root: "cp-2", want: true },
    { path: "cp-20/etc/x", root: "cp-2", want: false },
    { path: "anything", root: "", want: true },
  ])("$path under $root: $want", ({ path, root, want }) => expect(isUnder(path, root)).toBe(want));
});
