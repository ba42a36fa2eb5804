import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { describeRule } from "../test-support/rule-cases";

describeRule("CA_REUSED", [
  {
    name: "front-proxy CA is a copy of the cluster CA",
    fixture: "front-proxy-ca-is-cluster-ca",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/front-proxy-ca.crt",
      relationship: "front-proxy-client",
      count: 1,
    },
  },
  { name: "healthy node: three distinct CA keys", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);

describe("a lone ca.crt is not the etcd CA", () => {
  it("judges pki/'s top-level files without taking ca.crt for etcd's CA", async () => {
    // kubeadm's pki/ without its etcd/ folder: nothing says etcd trusts ca.crt.
    const files = readTree(fixtureDir("healthy"))
      .filter((f) => /^etc\/kubernetes\/pki\/[^/]+\.(crt|key)$/.test(f.path))
      .map((f) => ({ ...f, path: f.path.replace("etc/kubernetes/pki/", "") }));
    const report = await analyze(files, { now: FIXTURE_NOW });
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
    expect(report.relationships.find((r) => r.id === "apiserver-etcd-client")?.status).toBe("unknown");
  });
});
