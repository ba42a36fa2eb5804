import { describe, expect, it } from "vitest";

import { analyze } from "../../lib/analyze";
import { FIXTURE_NOW } from "../../lib/test-support/fixtures";
import { fixtureInputs, healthyClusterCa } from "./fixture-inputs";
import { generateWorkers, syntheticCluster } from "./synthetic-cluster";

const crypto = globalThis.crypto;

describe("synthetic cluster input", () => {
  it("gives the healthy node plus 3 workers as 4 kubelet-client relationships, all ok", async () => {
    const healthy = fixtureInputs().find((input) => input.name === "healthy");
    if (!healthy) throw new Error("healthy fixture missing");
    const workers = await generateWorkers(3, healthyClusterCa(), crypto);
    const report = await analyze(syntheticCluster(healthy.files, workers, 3), { now: FIXTURE_NOW });

    const kubeletClients = report.relationships.filter((r) => r.id === "kubelet-client");
    expect(kubeletClients.map((r) => r.status)).toEqual(["ok", "ok", "ok", "ok"]);
    const identities = kubeletClients.map((r) => r.identity?.user).sort();
    expect(identities).toEqual([
      "system:node:control-1",
      "system:node:node-1",
      "system:node:node-2",
      "system:node:node-3",
    ]);
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
  });

  it("lists nodes and their kubelets in natural order: node-2 before node-10", async () => {
    const healthy = fixtureInputs().find((input) => input.name === "healthy");
    if (!healthy) throw new Error("healthy fixture missing");
    const workers = await generateWorkers(11, healthyClusterCa(), crypto);
    const report = await analyze(syntheticCluster(healthy.files, workers, 11), { now: FIXTURE_NOW });
    const nodes = ["control-1", ...Array.from({ length: 11 }, (_, i) => `node-${i + 1}`)];
    expect(report.cluster.nodes).toEqual(nodes);
    expect(report.relationships.filter((r) => r.id === "kubelet-client").map((r) => r.key)).toEqual(
      nodes.map((node) => `kubelet-client:${node}`),
    );
  });
});
