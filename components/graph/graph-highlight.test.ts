import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { EMPTY_HIGHLIGHT, highlightFor, type Selection } from "../explorer/selection";
import { litState } from "./graph-highlight";
import { withKubelets } from "./synthetic-kubelets";
import { layoutTopology } from "./topology-layout";
import { KUBELET_GROUP_ID } from "./topology-model";

const DESKTOP = { width: 1280, height: 800 };

async function lit(selection: Selection, report?: Awaited<ReturnType<typeof reportFor>>) {
  const r = report ?? (await reportFor("healthy"));
  const layout = layoutTopology(r, DESKTOP);
  const state = litState(layout, highlightFor(r, selection), selection);
  const links = state.links.map((i) => layout.anchorLinks[i]);
  return { r, layout, state, links };
}

describe("litState", () => {
  it("lights nothing and fades nothing without a highlight", async () => {
    const { state } = await lit(null);
    expect(state).toEqual({ active: false, edges: new Set(), nodes: new Set(), links: [] });
  });

  it("lights a relationship, its two ends, the CA that vouches for it, and links that CA to it", async () => {
    const { r, state, links } = await lit({ kind: "relationship", key: "kubelet-client" });
    const clusterCa = r.trustAnchors.find((a) => a.role === "cluster-ca")?.id ?? "";
    expect(state.active).toBe(true);
    expect([...state.edges]).toEqual(["kubelet-client"]);
    expect([...state.nodes].sort()).toEqual([clusterCa, "kube-apiserver", "kubelet:control-1"].sort());
    expect(links.map((l) => [l?.anchorId, l?.edgeId])).toEqual([[clusterCa, "kubelet-client"]]);
  });

  it("lights what the service-account key pair signs, though the pair has no certificate", async () => {
    const { state, links } = await lit({ kind: "anchor", id: "anchor:service-account" });
    expect([...state.edges]).toEqual(["service-account-signing"]);
    expect(state.nodes.has("kube-controller-manager")).toBe(true);
    expect(state.nodes.has("anchor:service-account")).toBe(true);
    expect(links.map((l) => l?.edgeId)).toEqual(["service-account-signing"]);
  });

  it("lights every edge a CA anchors when that CA is selected", async () => {
    const { r, state } = await lit({
      kind: "anchor",
      id: (await reportFor("healthy")).trustAnchors.find((a) => a.role === "etcd-ca")?.id ?? "",
    });
    expect([...state.edges].sort()).toEqual([
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
      "etcd-peer",
      "etcd-serving",
    ]);
    expect(r.trustAnchors.filter((a) => state.nodes.has(a.id)).map((a) => a.role)).toEqual(["etcd-ca"]);
  });

  it("lights a group of kubelets and its edge when one member is selected", async () => {
    const report = withKubelets(await reportFor("healthy"), 20);
    const { state } = await lit({ kind: "component", id: "kubelet:node-4" }, report);
    expect(state.nodes.has(KUBELET_GROUP_ID)).toBe(true);
    const perNode = new Set(report.relationships.filter((r) => r.key.endsWith(":node-4")).map((r) => r.id));
    expect(perNode.size).toBeGreaterThanOrEqual(3);
    expect([...state.edges].sort()).toEqual([...perNode].map((id) => `${id}@kubelets`).sort());
  });

  it("fades everything for a highlight the graph does not draw (a finding on no edge)", async () => {
    const report = await reportFor("healthy");
    const layout = layoutTopology(report, DESKTOP);
    const state = litState(layout, { ...EMPTY_HIGHLIGHT, findings: new Set([0]) }, null);
    expect(state.active).toBe(true);
    expect(state.edges.size).toBe(0);
  });
});
