import { describe, expect, it } from "vitest";
import { reportWithDumps } from "../test-support/kubectl-dumps";
import { describeRule } from "../test-support/rule-cases";

describeRule("CERT_EXPIRED", [
  {
    name: "apiserver.crt past its notAfter",
    fixture: "expired-apiserver",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/apiserver.crt",
      relationship: "apiserver-serving",
      detail: /2026-05-01/,
    },
  },
  { name: "healthy node at the judge date", fixture: "healthy" },
  {
    name: "the kubelet's self-signed serving pair, expired, is one finding with its CA (13 files, not 14)",
    fixture: "healthy",
    now: "2027-01-05T00:00:00Z",
    want: {
      severity: "error",
      file: "var/lib/kubelet/pki/kubelet.crt",
      relationship: "kubelet-serving",
      detail: /self-signed CA "CN=control-1-ca@1767225600".*expired with it/,
      count: 13,
    },
  },
  { name: "real kubeadm v1.20 output, fresh", fixture: "kubeadm-v1.20" },
  {
    name: "real kubeadm v1.20 output two years on",
    fixture: "kubeadm-v1.20",
    now: "2028-01-01T00:00:00Z",
    want: { severity: "error", file: "pki/apiserver.crt", relationship: "apiserver-serving" },
  },
  {
    name: "embedded kubeconfig cert two years on",
    fixture: "kubeadm-v1.20",
    now: "2028-01-01T00:00:00Z",
    want: { severity: "error", file: "admin.conf#users/kubernetes-admin", relationship: "admin-client" },
  },
]);

describe("CERT_EXPIRED in Secrets", () => {
  it("an expired TLS Secret no configuration uses is a warning naming its Secret, renewed there", async () => {
    const report = await reportWithDumps("healthy", ["secrets.yaml"]);
    const found = report.findings.filter((f) => f.code === "CERT_EXPIRED");
    expect(found.map((f) => [f.severity, f.files])).toEqual([
      ["warning", ["secrets.yaml#apps/legacy-tls/data/tls.crt"]],
    ]);
    expect(found[0]?.detail).toMatch(
      /It is kept in the Secret apps\/legacy-tls; nothing in the input says what serves it/,
    );
    expect(found[0]?.fix).toMatch(/write the pair into apps\/legacy-tls/);
  });
});
