import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { reportWithDumps } from "../test-support/kubectl-dumps";
import { utf8 } from "../test-support/pki-material";
import { describeRule } from "../test-support/rule-cases";

describeRule("BOOTSTRAP_TOKEN_LEFT", [
  {
    name: "bootstrap-kubelet.conf beside a working client cert",
    fixture: "bootstrap-token-left",
    want: {
      severity: "warning",
      file: "etc/kubernetes/bootstrap-kubelet.conf",
      relationship: "kubelet-bootstrap",
      detail: /abcdef/,
    },
  },
  { name: "healthy node", fixture: "healthy" },
]);

describe("BOOTSTRAP_TOKEN_LEFT wants a live token", () => {
  it.each(["xxxxx.xxxxxx.token", "<redacted>", "ABCDEF.0123456789ABCDEF"])(
    "is silent for a bootstrap kubeconfig holding %s",
    async (token) => {
      const files = readTree(fixtureDir("bootstrap-token-left")).map((file) =>
        file.path.endsWith("bootstrap-kubelet.conf")
          ? {
              ...file,
              bytes: utf8(new TextDecoder().decode(file.bytes).replace("abcdef.0123456789abcdef", token)),
            }
          : file,
      );
      const report = await analyze(files, { now: FIXTURE_NOW });
      expect(report.findings.filter((f) => f.code === "BOOTSTRAP_TOKEN_LEFT")).toEqual([]);
    },
  );
});

describe("BOOTSTRAP_TOKEN_LEFT with the cluster's Secrets", () => {
  it("says what the token's Secret says: kube-system/bootstrap-token-abcdef expired in January", async () => {
    const report = await reportWithDumps("bootstrap-token-left", ["secrets.yaml"]);
    const [found] = report.findings.filter((f) => f.code === "BOOTSTRAP_TOKEN_LEFT");
    expect(found?.detail).toMatch(
      /Its Secret \(secrets\.yaml#kube-system\/bootstrap-token-abcdef\) says it expired 2026-01-02 00:00 UTC/,
    );
    expect(JSON.stringify(report)).not.toContain("0123456789abcdef");
  });

  it("without them, says nothing of the cluster's side", async () => {
    const report = await reportWithDumps("bootstrap-token-left", []);
    const [found] = report.findings.filter((f) => f.code === "BOOTSTRAP_TOKEN_LEFT");
    expect(found?.detail).not.toMatch(/Secret/);
  });
});
