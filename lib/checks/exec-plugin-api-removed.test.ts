import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, problems, readTree } from "../test-support/fixtures";
import { describeRule } from "../test-support/rule-cases";

describeRule("EXEC_PLUGIN_API_REMOVED", [
  {
    name: "EKS kubeconfig written by an old AWS CLI",
    fixture: "exec-v1alpha1-kubeconfig",
    want: {
      severity: "error",
      file: "home/admin/.kube/config",
      relationship: "admin-client",
      detail: /invalid apiVersion "client\.authentication\.k8s\.io\/v1alpha1"/,
      count: 1,
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);

const EKS_CONFIG = "home/admin/.kube/config";
const eksConfig = readTree(fixtureDir("exec-v1alpha1-kubeconfig")).find((f) => f.path === EKS_CONFIG);

/** The fault fixture's EKS kubeconfig with its exec apiVersion replaced. */
function eksKubeconfig(apiVersion: string) {
  if (!eksConfig) throw new Error(`${EKS_CONFIG} missing from the fixture`);
  const text = new TextDecoder()
    .decode(eksConfig.bytes)
    .replace("client.authentication.k8s.io/v1alpha1", apiVersion);
  return { path: EKS_CONFIG, bytes: new TextEncoder().encode(text) };
}

describe("an EKS kubeconfig dropped alone", () => {
  it.each([
    { apiVersion: "client.authentication.k8s.io/v1alpha1", want: ["EXEC_PLUGIN_API_REMOVED"] },
    { apiVersion: "client.authentication.k8s.io/v1beta1", want: [] },
    { apiVersion: "client.authentication.k8s.io/v1", want: [] },
  ])("$apiVersion → $want", async ({ apiVersion, want }) => {
    const report = await analyze([eksKubeconfig(apiVersion)], { now: FIXTURE_NOW });
    expect(problems(report).map((f) => f.code)).toEqual(want);
    // No client certificate is normal for an exec user: nothing is missing.
    expect(report.findings.filter((f) => f.code === "FILE_MISSING")).toEqual([]);
    const fix = report.findings.find((f) => f.code === "EXEC_PLUGIN_API_REMOVED")?.fix ?? "";
    if (want.length) expect(fix).toContain("aws eks update-kubeconfig --name demo --region us-west-2");
  });

  it("beside a healthy node, with a current apiVersion, adds no warning or error", async () => {
    const files = readTree(fixtureDir("exec-v1alpha1-kubeconfig")).map((f) =>
      f.path === EKS_CONFIG ? eksKubeconfig("client.authentication.k8s.io/v1beta1") : f,
    );
    const report = await analyze(files, { now: FIXTURE_NOW });
    expect(problems(report)).toEqual([]);
  });
});
