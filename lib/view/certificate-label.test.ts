import { describe, expect, it } from "vitest";
import type { ReportSecretRef } from "../report";
import { certificateLabel, primaryPath } from "./certificate-label";

describe("certificateLabel", () => {
  const tls = { namespace: "apps", name: "web-tls", key: "tls.crt" };
  const cases: { name: string; paths: string[]; secrets?: ReportSecretRef[]; want: string }[] = [
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
    {
      name: "a certificate kept only in a Secret, by its Secret and key",
      paths: ["secrets.yaml#apps/web-tls/data/tls.crt"],
      secrets: [tls],
      want: "apps/web-tls · tls.crt",
    },
    {
      name: "a Secret's copy of a node's file: by the file",
      paths: ["pki/ca.crt", "secrets.yaml#kube-system/t/data/ca.crt"],
      secrets: [{ namespace: "kube-system", name: "t", key: "ca.crt" }],
      want: "ca.crt",
    },
  ];
  it.each(cases)("$name", ({ paths, secrets, want }) => {
    expect(certificateLabel({ id: "c-1", paths, ...(secrets ? { secrets } : {}) })).toBe(want);
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
