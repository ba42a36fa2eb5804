/**
 * The anchors an edge names are those anchorsRelationship vouches for among its instances, in the
 * report's anchor order, on real fixtures and on a report grown to many kubelets.
 */
import { describe, expect, it } from "vitest";
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
