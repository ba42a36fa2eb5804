import { describe, expect, it } from "vitest";
import { PathIndex, pathSegments, resolvePath } from "./resolve-path";

const sample = [
  "kubeadm-v1.20/admin.conf",
  "kubeadm-v1.20/pki/ca.crt",
  "kubeadm-v1.20/pki/etcd/ca.crt",
  "kubeadm-v1.20/pki/apiserver.crt",
  "kubeadm-v1.20/manifests/kube-apiserver.yaml",
  "node-2/var/lib/kubelet/pki/kubelet-client-current.pem",
  "node-1/var/lib/kubelet/pki/kubelet-client-current.pem",
  "node-1/etc/kubernetes/kubelet.conf",
];

describe("resolvePath", () => {
  const cases: { name: string; ref: string; from?: string; paths?: string[]; want: string | undefined }[] = [
    {
      name: "longest suffix beats a same-name file deeper",
      ref: "/etc/kubernetes/pki/ca.crt",
      want: "kubeadm-v1.20/pki/ca.crt",
    },
    {
      name: "etcd CA by its own suffix",
      ref: "/etc/kubernetes/pki/etcd/ca.crt",
      want: "kubeadm-v1.20/pki/etcd/ca.crt",
    },
    { name: "file name must match", ref: "/etc/kubernetes/pki/front-proxy-ca.crt", want: undefined },
    {
      name: "relative to the naming file",
      ref: "pki/apiserver.crt",
      from: "kubeadm-v1.20/admin.conf",
      want: "kubeadm-v1.20/pki/apiserver.crt",
    },
    {
      name: "relative with ..",
      ref: "../pki/ca.crt",
      from: "kubeadm-v1.20/manifests/kube-apiserver.yaml",
      want: "kubeadm-v1.20/pki/ca.crt",
    },
    {
      name: "tie broken by the directory shared with from",
      ref: "/var/lib/kubelet/pki/kubelet-client-current.pem",
      from: "node-1/etc/kubernetes/kubelet.conf",
      want: "node-1/var/lib/kubelet/pki/kubelet-client-current.pem",
    },
    {
      name: "tie without from is lexicographic",
      ref: "/var/lib/kubelet/pki/kubelet-client-current.pem",
      want: "node-1/var/lib/kubelet/pki/kubelet-client-current.pem",
    },
    {
      name: "dropped pki folder: the file at the root beats the one in a subfolder",
      ref: "/etc/kubernetes/pki/ca.crt",
      paths: ["etcd/ca.crt", "ca.crt"],
      want: "ca.crt",
    },
    {
      name: "a missing file does not fall back to a same-name file in another folder of the tree",
      ref: "/etc/kubernetes/pki/ca.crt",
      paths: ["etc/kubernetes/pki/etcd/ca.crt", "etc/kubernetes/pki/apiserver.crt"],
      want: undefined,
    },
    {
      name: "nor to one whose tree is shifted (x/pki/etcd/ca.crt)",
      ref: "/etc/kubernetes/pki/ca.crt",
      paths: ["x/pki/etcd/ca.crt"],
      want: undefined,
    },
    {
      name: "a drop root of any name is fine",
      ref: "/var/lib/kubernetes/ca.crt",
      paths: ["cluster/controller/ca.crt", "cluster/worker-0/ca.crt"],
      from: "cluster/worker-0/kubelet.kubeconfig",
      want: "cluster/worker-0/ca.crt",
    },
    { name: "exact path", ref: "pki/ca.crt", paths: ["pki/ca.crt"], want: "pki/ca.crt" },
    { name: "empty ref", ref: "", want: undefined },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(resolvePath(c.ref, c.paths ?? sample, c.from)).toBe(c.want);
    });
  }

  it("PathIndex gives the same answers", () => {
    const index = new PathIndex(sample);
    expect(index.resolve("/etc/kubernetes/pki/ca.crt")).toBe("kubeadm-v1.20/pki/ca.crt");
    expect(index.resolve("/etc/kubernetes/pki/sa.key")).toBeUndefined();
  });

  it("normalises segments", () => {
    expect(pathSegments("/a/./b//c/../d")).toEqual(["a", "b", "d"]);
    expect(pathSegments("../../x")).toEqual(["x"]);
  });
});
