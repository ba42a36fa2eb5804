import { describe, expect, it } from "vitest";
import { highlightFor, selectionKey } from "@/components/explorer/selection";
import { reportFor } from "@/lib/test-support/fixtures";
import { explainAnswerFor } from "./explain-answer";

const STALE_CA =
  'x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kubernetes")';

describe("the explain selection", () => {
  it("lights the edge and the files of the answer, not every edge the CA takes part in", async () => {
    const report = await reportFor("stale-ca-admin-kubeconfig");
    const highlight = highlightFor(report, { kind: "explain", text: STALE_CA });
    expect([...highlight.relationships]).toEqual(["apiserver-serving"]);
    expect([...highlight.components].sort()).toEqual(["clients", "kube-apiserver"]);
    expect(highlight.files.has("etc/kubernetes/pki/apiserver.crt")).toBe(true);
    expect(highlight.files.has("etc/kubernetes/admin.conf#clusters/kubernetes")).toBe(true);
    expect(highlight.files.has("etc/kubernetes/pki/etcd/ca.crt")).toBe(false);
  });

  it("lights nothing before a text is given, or when nothing in the drop matches", async () => {
    const report = await reportFor("healthy");
    for (const text of ["", "KubeClientCertificateExpiration"]) {
      const highlight = highlightFor(report, { kind: "explain", text });
      expect(highlight.relationships.size + highlight.certificates.size + highlight.files.size).toBe(0);
    }
  });

  it("keeps one key whatever the text, so the panel keeps its draft", () => {
    expect(selectionKey({ kind: "explain", text: "a" })).toBe(selectionKey({ kind: "explain", text: "b" }));
  });

  it("matches a text once per report: the panel and the graph share the answer", async () => {
    const report = await reportFor("stale-ca-admin-kubeconfig");
    expect(explainAnswerFor(report, STALE_CA)).toBe(explainAnswerFor(report, STALE_CA));
    expect(explainAnswerFor(report, "  ")).toBeUndefined();
  });
});
