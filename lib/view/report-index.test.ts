/** The index answers as the scans it replaces do, on real fixture reports. */
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { componentName } from "../format/report-view";
import { FIXTURE_NOW, SAMPLE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { reportIndex } from "./report-index";

describe("reportIndex", () => {
  it.each([
    { name: "kubeadm-v1.20", now: SAMPLE_NOW },
    { name: "demo", now: FIXTURE_NOW },
    { name: "expired-apiserver", now: FIXTURE_NOW },
    { name: "layouts/kind-ha", now: FIXTURE_NOW },
  ])("$name", async ({ name, now }) => {
    const report = await analyze(readTree(fixtureDir(name)), { now });
    const index = reportIndex(report);
    expect(reportIndex(report)).toBe(index);
    for (const c of report.components) {
      expect(index.component(c.id)).toBe(c);
      expect(index.componentName(c.id)).toBe(componentName(report, c.id));
    }
    expect(index.componentName("no-such-component")).toBe("no-such-component");
    for (const r of report.relationships) {
      expect(index.relationship(r.key)).toBe(r);
      const at = report.relationships.flatMap((other, position) => (other.key === r.key ? [position] : []));
      expect(index.relationshipPositions(r.key)).toEqual(at);
    }
    for (const c of report.certificates) {
      expect(index.certificate(c.id)).toBe(c);
      expect(index.anchorOf(c.id)).toBe(report.trustAnchors.find((a) => a.certificateId === c.id));
      const naming = report.findings.flatMap((f, at) => (f.certificateIds?.includes(c.id) ? [at] : []));
      expect(index.findingsOf(c.id)).toEqual(naming);
    }
    expect(index.certificate(undefined)).toBeUndefined();
  });

  it("some fixture has findings naming certificates, so findingsOf is exercised", async () => {
    const report = await analyze(readTree(fixtureDir("expired-apiserver")), { now: FIXTURE_NOW });
    expect(report.certificates.some((c) => reportIndex(report).findingsOf(c.id).length > 0)).toBe(true);
  });
});
