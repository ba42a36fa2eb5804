import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { EMPTY_HIGHLIGHT, highlightFor, selectionKey } from "./selection";

describe("highlightFor", () => {
  it("lights nothing without a selection", async () => {
    const report = await reportFor("healthy");
    expect(highlightFor(report, null)).toBe(EMPTY_HIGHLIGHT);
  });

  it("a relationship lights its two components, its certificates, their files and its findings", async () => {
    const report = await reportFor("stale-ca-admin-kubeconfig");
    const highlight = highlightFor(report, { kind: "relationship", key: "apiserver-serving" });
    expect([...highlight.relationships]).toEqual(["apiserver-serving"]);
    expect([...highlight.components].sort()).toEqual(["clients", "kube-apiserver"]);
    const serving = report.certificates.find((c) => c.paths.includes("etc/kubernetes/pki/apiserver.crt"));
    expect(highlight.certificates.has(serving?.id ?? "")).toBe(true);
    expect(highlight.files.has("etc/kubernetes/pki/apiserver.crt")).toBe(true);
    const mismatch = report.findings.findIndex((f) => f.code === "KUBECONFIG_CA_MISMATCH");
    expect(highlight.findings.has(mismatch)).toBe(true);
  });

  it("a finding lights the relationship it breaks and the file it names", async () => {
    const report = await reportFor("identity-kubelet-no-group");
    const index = report.findings.findIndex((f) => f.code === "IDENTITY_MISMATCH");
    const highlight = highlightFor(report, { kind: "finding", index });
    expect([...highlight.relationships]).toEqual(["kubelet-client"]);
    expect(highlight.files.has("var/lib/kubelet/pki/kubelet-client-current.pem")).toBe(true);
  });

  it("a component lights every relationship it takes part in", async () => {
    const report = await reportFor("healthy");
    const highlight = highlightFor(report, { kind: "component", id: "etcd" });
    expect([...highlight.relationships].sort()).toEqual([
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
      "etcd-peer",
      "etcd-serving",
    ]);
  });

  it("a CA lights the relationships that trust it", async () => {
    const report = await reportFor("healthy");
    const etcdCa = report.trustAnchors.find((a) => a.role === "etcd-ca");
    const highlight = highlightFor(report, { kind: "anchor", id: etcdCa?.id ?? "" });
    expect(highlight.relationships.has("etcd-peer")).toBe(true);
    expect(highlight.relationships.has("kubelet-client")).toBe(false);
  });
});

describe("selectionKey", () => {
  it("names each selectable thing apart", () => {
    const keys = [
      selectionKey(null),
      selectionKey({ kind: "relationship", key: "kubelet-client:node-1" }),
      selectionKey({ kind: "component", id: "kubelet:node-1" }),
      selectionKey({ kind: "anchor", id: "kubelet:node-1" }),
      selectionKey({ kind: "certificate", id: "c-1" }),
      selectionKey({ kind: "finding", index: 0 }),
      selectionKey({ kind: "finding", index: 1 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(selectionKey({ kind: "anchor", id: "a" })).toBe(selectionKey({ kind: "anchor", id: "a" }));
  });
});
