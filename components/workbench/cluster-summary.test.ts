import { describe, expect, it } from "vitest";
import { SAMPLE_NOW, reportFor } from "@/lib/test-support/fixtures";
import { clusterSummary } from "./cluster-summary";

describe("clusterSummary", () => {
  it.each([
    {
      name: "kind HA",
      fixture: "layouts/kind-ha",
      text: "kind layout (also kubeadm) · Kubernetes v1.31.2 · 5 nodes",
      evidence: /kind/,
    },
    {
      name: "generic mutual TLS",
      fixture: "layouts/generic-mtls",
      text: "generic mutual TLS (no Kubernetes wiring found)",
      evidence: /no Kubernetes/,
    },
    { name: "k3s", fixture: "layouts/k3s", text: "k3s layout · 2 nodes", evidence: /./ },
  ])("$name", async ({ fixture, text, evidence }) => {
    const summary = clusterSummary(await reportFor(fixture, SAMPLE_NOW));
    if (typeof text === "string") expect(summary.text).toBe(text);
    else expect(summary.text).toMatch(text);
    expect(summary.evidence.length).toBeGreaterThan(0);
    expect(summary.title).toMatch(evidence);
    expect(summary.title).toMatch(/^Recognised from: /);
  });

  it("says nothing it does not know", async () => {
    const report = structuredClone(await reportFor("layouts/generic-mtls", SAMPLE_NOW));
    delete report.layout;
    expect(clusterSummary(report)).toEqual({ text: "", evidence: [], title: undefined });
  });
});
