import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";

describe("a kubelet serving certificate is found by content and wiring before its name", () => {
  it("does not take a client certificate named kubelet.crt for the kubelet's serving certificate", async () => {
    const files = readTree(fixtureDir("healthy"));
    const client = files.find((f) => f.path === "etc/kubernetes/pki/apiserver-kubelet-client.crt");
    if (!client) throw new Error("healthy fixture changed");
    const swapped = files.map((f) =>
      f.path === "var/lib/kubelet/pki/kubelet.crt" ? { ...f, bytes: client.bytes } : f,
    );
    const report = await analyze(swapped, { now: FIXTURE_NOW });
    const serving = report.relationships.find((r) => r.id === "kubelet-serving");
    expect(serving?.status).toBe("unknown");
    expect(
      report.findings.filter((f) => f.relationship === "kubelet-serving" && f.severity === "error"),
    ).toEqual([]);
  });
});
