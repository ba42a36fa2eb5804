import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import type { ChainCheck } from "@/lib/report";
import { chainNodes } from "./chain-nodes";

describe("chainNodes", async () => {
  const report = await reportFor("stale-ca-admin-kubeconfig");
  const serving = report.relationships.find((r) => r.key === "apiserver-serving")!;
  const summary = (chain: ChainCheck) =>
    chainNodes(report, chain).map((node) => ({
      name: node.name,
      signature: node.signature,
      anchor: node.anchor?.role,
      selfSigned: node.selfSigned,
    }));

  it("ends a broken chain at the same-name CA whose signature fails", () => {
    const broken = serving.chains.find((chain) => !chain.trusted)!;
    expect(summary(broken)).toEqual([
      { name: "kube-apiserver", signature: "invalid", anchor: undefined, selfSigned: false },
      { name: "kubernetes", signature: undefined, anchor: "cluster-ca", selfSigned: true },
    ]);
    expect(chainNodes(report, broken)[0]?.note).toBe("same issuer name, different key");
  });

  it("ends a trusted chain at the cluster CA", () => {
    const trusted = serving.chains.find((chain) => chain.trusted)!;
    expect(summary(trusted)).toEqual([
      { name: "kube-apiserver", signature: "valid", anchor: undefined, selfSigned: false },
      { name: "kubernetes", signature: undefined, anchor: "cluster-ca", selfSigned: true },
    ]);
  });

  it("keeps a leaf without issuer as one node", () => {
    const leaf = serving.chains[0]!.steps[0]!;
    const orphan: ChainCheck = {
      verifier: "client",
      trusted: false,
      steps: [{ certificateId: leaf.certificateId }],
    };
    expect(summary(orphan)).toEqual([
      { name: "kube-apiserver", signature: "no-issuer", anchor: undefined, selfSigned: false },
    ]);
  });

  it("marks a self-signed leaf without adding a second node", () => {
    const kubelet = report.certificates.find((c) => c.role === "kubelet-serving")!;
    const self: ChainCheck = {
      verifier: "client",
      trusted: true,
      steps: [{ certificateId: kubelet.id, issuerId: kubelet.id, signatureValid: true }],
    };
    expect(summary(self)).toEqual([
      { name: "control-1@1767225600", signature: "valid", anchor: undefined, selfSigned: true },
    ]);
  });

  it("names a certificate missing from the report by its id", () => {
    const ghost: ChainCheck = { verifier: "server", trusted: false, steps: [{ certificateId: "c-nowhere" }] };
    expect(chainNodes(report, ghost)[0]?.name).toBe("c-nowhere");
  });
});
