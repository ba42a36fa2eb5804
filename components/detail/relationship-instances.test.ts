import { describe, expect, it } from "vitest";
import { SAMPLE_NOW, reportFor } from "@/lib/test-support/fixtures";
import { instanceNode, relationshipInstances } from "./relationship-instances";

describe("instanceNode", () => {
  it.each([
    { key: "apiserver-serving@kind-control-plane2", want: "kind-control-plane2" },
    { key: "etcd-peer@cp-1", want: "cp-1" },
    { key: "kubelet-client:node-1", want: "node-1" },
    {
      key: "admin-client:server-1/etc/rancher/k3s/k3s.yaml",
      want: "server-1/etc/rancher/k3s/k3s.yaml",
    },
    { key: "kube-proxy-client", want: "kube-proxy-client" },
  ])("$key → $want", ({ key, want }) => {
    expect(instanceNode(key)).toBe(want);
  });
});

describe("relationshipInstances", () => {
  it("lists one instance per control plane of an HA cluster, in report order", async () => {
    const report = await reportFor("layouts/kind-ha", SAMPLE_NOW);
    const second = report.relationships.find((r) => r.key === "etcd-serving@kind-control-plane2");
    if (!second) throw new Error("fixture lacks etcd-serving@kind-control-plane2");
    expect(relationshipInstances(report, second).map((i) => [i.node, i.relationship.status])).toEqual([
      ["kind-control-plane", "ok"],
      ["kind-control-plane2", "ok"],
      ["kind-control-plane3", "ok"],
    ]);
  });

  it("keeps a relationship between other components apart (each kubelet's own)", async () => {
    const report = await reportFor("layouts/kind-ha", SAMPLE_NOW);
    const kubelet = report.relationships.find((r) => r.key === "kubelet-client:kind-worker");
    if (!kubelet) throw new Error("fixture lacks kubelet-client:kind-worker");
    expect(relationshipInstances(report, kubelet).map((i) => i.relationship.key)).toEqual([
      "kubelet-client:kind-worker",
    ]);
  });

  it("gives a single-node cluster's relationship as its only instance", async () => {
    const report = await reportFor("healthy");
    const serving = report.relationships.find((r) => r.id === "apiserver-serving");
    if (!serving) throw new Error("fixture lacks apiserver-serving");
    expect(relationshipInstances(report, serving)).toHaveLength(1);
  });
});
