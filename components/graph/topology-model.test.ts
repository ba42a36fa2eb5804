/**
 * The anchors an edge names are those anchorsRelationship vouches for among its instances, in the
 * report's anchor order, on real fixtures and on a report grown to many kubelets; and a box is
 * never drawn or named with a bidi control or a zero-width space of the input (SVG has no <bdi>).
 */
import { describe, expect, it } from "vitest";
import { HOSTILE, hostileClusterFiles } from "@/e2e/support/hostile-cluster";
import { analyze } from "@/lib/analyze";
import { hasHiddenCharacters } from "@/lib/format/inert-text";
import { FIXTURE_NOW, SAMPLE_NOW, reportFor } from "@/lib/test-support/fixtures";
import type { Report } from "@/lib/report";
import { anchorsRelationship } from "./anchors-relationship";
import { withKubelets } from "./synthetic-kubelets";
import { buildTopologyModel } from "./topology-model";

function naiveAnchors(report: Report, keys: readonly string[]): string[] {
  const members = report.relationships.filter((r) => keys.includes(r.key));
  const ids = members.flatMap((r) =>
    report.trustAnchors.filter((a) => anchorsRelationship(a, r)).map((a) => a.id),
  );
  return [...new Set(ids)];
}

describe("buildTopologyModel anchors", () => {
  it.each([
    { name: "kubeadm-v1.20", now: SAMPLE_NOW, kubelets: 0 },
    { name: "demo", now: FIXTURE_NOW, kubelets: 0 },
    { name: "layouts/kind-ha", now: FIXTURE_NOW, kubelets: 0 },
    { name: "layouts/k3s", now: FIXTURE_NOW, kubelets: 0 },
    { name: "healthy", now: FIXTURE_NOW, kubelets: 40 },
  ])("$name with $kubelets kubelets", async ({ name, now, kubelets }) => {
    const fixture = await reportFor(name, now);
    const report = kubelets > 0 ? withKubelets(fixture, kubelets) : fixture;
    const model = buildTopologyModel(report, { compact: false, aggregateAbove: 12 });
    expect(model.edges.length).toBeGreaterThan(5);
    for (const edge of model.edges) expect(edge.anchors, edge.id).toEqual(naiveAnchors(report, edge.keys));
    expect(model.edges.some((edge) => edge.anchors.length > 0)).toBe(true);
  });
});

describe("buildTopologyModel on names that try to fool the reader", () => {
  it("draws and speaks every name of the input with its hidden characters as escapes", async () => {
    const report = await analyze(await hostileClusterFiles(), { now: FIXTURE_NOW });
    for (const compact of [false, true]) {
      const model = buildTopologyModel(report, { compact, aggregateAbove: 12 });
      const texts = [
        ...model.nodes.flatMap((node) => [...node.labels, ...node.captions, node.name, node.ariaLabel]),
        ...model.edges.map((edge) => edge.ariaLabel),
      ];
      for (const text of texts) expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(false);
    }
    const model = buildTopologyModel(report, { compact: false, aggregateAbove: 12 });
    const user = model.nodes.find((node) => node.id === `user:${HOSTILE.userKubeconfig}`);
    expect(user?.labels).toEqual(["kubectl (~mal\\u202Elory)", "~mal\\u202Elory"]);
    const clusterCa = model.nodes.find((node) => node.shape === "ca" && node.name.startsWith("Cluster CA"));
    expect(clusterCa?.name).toBe("Cluster CA (kuber\\u200Bnetes\\u202Eac-tsil\\x1B[2J)");
  });
});

// Regression: "kind-control-plane" drawn next to "kubelet (kind-worker)", each box fitting alone.
describe("buildTopologyModel's kubelet boxes", () => {
  it.each([false, true])(
    "share one set of label peers on the kind HA layout (compact %s)",
    async (compact) => {
      const report = await reportFor("layouts/kind-ha", FIXTURE_NOW);
      const model = buildTopologyModel(report, { compact, aggregateAbove: 12 });
      const kubelets = model.nodes.filter((node) => node.icon === "kubelet" && node.shape === "component");
      expect(kubelets.map((node) => node.id).sort()).toEqual([
        "kubelet:kind-control-plane",
        "kubelet:kind-control-plane2",
        "kubelet:kind-control-plane3",
        "kubelet:kind-worker",
        "kubelet:kind-worker2",
      ]);
      const peers = kubelets[0]?.labelPeers;
      expect(peers?.[0]).toBe(compact ? "kind-control-plane2" : "kubelet (kind-control-plane2)");
      for (const node of kubelets) expect(node.labelPeers).toEqual(peers);
    },
  );
});
