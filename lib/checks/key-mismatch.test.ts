import { describe, expect, it } from "vitest";
import { reportWithDumps } from "../test-support/kubectl-dumps";
import { describeRule } from "../test-support/rule-cases";

describeRule("KEY_MISMATCH", [
  {
    name: "apiserver.key replaced by another key",
    fixture: "key-mismatch-apiserver",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/apiserver.key",
      relationship: "apiserver-serving",
      count: 1,
    },
  },
  { name: "healthy node (PKCS#1, SEC1, PKCS#8, combined PEM, kubeconfig data)", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);

describe("KEY_MISMATCH in Secrets", () => {
  it("pairs each Secret's tls.key with the leaf of its tls.crt: only apps/api-tls is another key", async () => {
    const report = await reportWithDumps("healthy", ["secrets.yaml"]);
    const found = report.findings.filter((f) => f.code === "KEY_MISMATCH");
    expect(found.map((f) => [f.severity, f.files])).toEqual([
      ["error", ["secrets.yaml#apps/api-tls/data/tls.key", "secrets.yaml#apps/api-tls/data/tls.crt"]],
    ]);
    expect(found[0]?.detail).toMatch(
      /Whatever serves this Secret .* "tls: private key does not match public key"/,
    );
    expect(found[0]?.fix).toMatch(/kubectl create secret tls/);
  });
});
