import { describe, expect, it } from "vitest";
import { certificateLabel, primaryPath } from "./label";

describe("certificateLabel", () => {
  const cases: { name: string; paths: string[]; want: string }[] = [
    { name: "a pki file", paths: ["etc/kubernetes/pki/apiserver.crt"], want: "apiserver.crt" },
    { name: "an etcd file keeps its folder", paths: ["pki/etcd/server.crt"], want: "etcd/server.crt" },
    { name: "a kubeconfig user", paths: ["admin.conf#users/kubernetes-admin"], want: "admin.conf" },
    {
      name: "a CA by its own file, not the kubeconfigs embedding it",
      paths: ["admin.conf#clusters/kubernetes", "pki/ca.crt", "scheduler.conf#clusters/kubernetes"],
      want: "ca.crt",
    },
    {
      name: "a second block of one file",
      paths: ["var/lib/kubelet/pki/kubelet.crt#block 2"],
      want: "kubelet.crt (block 2)",
    },
    { name: "a bare file name", paths: ["kubelet-client-current.pem"], want: "kubelet-client-current.pem" },
    { name: "no path at all", paths: [], want: "c-1" },
  ];
  it.each(cases)("$name", ({ paths, want }) => {
    expect(certificateLabel({ id: "c-1", paths })).toBe(want);
  });

  it("prefers a stand-alone file as the primary path", () => {
    expect(primaryPath({ id: "c-1", paths: ["admin.conf#clusters/kubernetes", "pki/ca.crt"] })).toBe(
      "pki/ca.crt",
    );
    expect(primaryPath({ id: "c-1", paths: ["admin.conf#users/kubernetes-admin"] })).toBe(
      "admin.conf#users/kubernetes-admin",
    );
  });
});
