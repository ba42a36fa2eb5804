import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";

const text = (value: string) => new TextEncoder().encode(value);

// Large hostile files must cost only themselves: the healthy node beside them is judged as before.
describe("one huge file beside a healthy node", () => {
  it("a kubeadm-flags.env repeating a flag 400,000 times is read and the node is still judged", async () => {
    const healthy = readTree(fixtureDir("healthy"));
    const flags = `KUBELET_KUBEADM_ARGS="${"--x=y ".repeat(400_000)}"\n`;
    const expected = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
    const report = await analyze(
      [...healthy, { path: "var/lib/kubelet/kubeadm-flags.env", bytes: text(flags) }],
      {
        now: FIXTURE_NOW,
      },
    );
    expect(report.certificates).toHaveLength(expected.certificates.length);
    expect(report.relationships.filter((r) => r.status === "ok").length).toBeGreaterThan(10);
  });

  it("a PEM file of 20,000 broken blocks costs its own findings, not the other files", async () => {
    const healthy = readTree(fixtureDir("healthy"));
    const broken = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".repeat(20_000);
    const expected = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
    const report = await analyze([...healthy, { path: "extra/bundle.pem", bytes: text(broken) }], {
      now: FIXTURE_NOW,
    });
    expect(report.certificates).toHaveLength(expected.certificates.length);
    expect(
      report.findings.some((f) => f.code === "PARSE_ERROR" && f.files.includes("extra/bundle.pem")),
    ).toBe(true);
  });
});
