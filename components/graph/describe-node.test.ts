import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { withKubelets } from "./synthetic-kubelets";
import { describeNode } from "./describe-node";
import { buildTopologyModel, KUBELET_GROUP_ID } from "./topology-model";

describe("describeNode (the boxes' accessible names)", () => {
  it.each([
    {
      name: "a component",
      fixture: "healthy",
      id: "kube-proxy",
      want: "kube-proxy, component, 1 relationship: 1 unknown",
    },
    {
      name: "a CA, with where it lives",
      fixture: "healthy",
      id: "etcd-ca",
      want: "etcd CA (etcd-ca), CA at pki/etcd/ca.crt, vouches for 4 relationships: 4 ok",
    },
    {
      name: "the service-account key pair",
      fixture: "sa-key-mismatch",
      id: "service-account",
      want: "Service-account key pair, key pair at pki/sa.pub, verifies 1 relationship: 1 error",
    },
  ])("$name", async ({ fixture, id, want }) => {
    const report = await reportFor(fixture);
    const model = buildTopologyModel(report, { compact: false, aggregateAbove: 12 });
    const node = model.nodes.find((n) => n.id === id || n.id.startsWith(`anchor:${id}`));
    expect(node?.ariaLabel).toBe(want);
  });

  it("a group of kubelets", async () => {
    const report = withKubelets(await reportFor("healthy"), 20);
    const model = buildTopologyModel(report, { compact: false, aggregateAbove: 12 });
    const group = model.nodes.find((n) => n.id === KUBELET_GROUP_ID);
    expect(group?.ariaLabel).toMatch(/^20 kubelets, drawn as one node, \d+ relationships: /);
  });

  it("in a quiz, a box's name and every edge's name say nothing of status", async () => {
    const report = await reportFor("sa-key-mismatch");
    const model = buildTopologyModel(report, { compact: false, aggregateAbove: 12 });
    const node = model.nodes.find((n) => n.id.startsWith("anchor:service-account"));
    expect(node && describeNode(node, model.edges, false)).toBe(
      "Service-account key pair, key pair at pki/sa.pub, verifies 1 relationship",
    );
    const statusWord = /\b(ok|error|warning|unknown|worst)\b/;
    expect(model.edges.some((edge) => statusWord.test(edge.ariaLabel))).toBe(true);
    for (const edge of model.edges) expect(edge.quizLabel).not.toMatch(statusWord);
    const signing = model.edges.find((edge) => edge.relationshipId === "service-account-signing");
    expect(signing?.quizLabel).toBe(signing?.ariaLabel.replace(/, error$/, ""));
  });

  it("in a quiz, a kubelet group's edges name their first instance, not their worst", async () => {
    const report = withKubelets(await reportFor("healthy"), 20);
    const model = buildTopologyModel(report, { compact: false, aggregateAbove: 12 });
    const grouped = model.edges.filter((edge) => edge.keys.length > 1);
    expect(grouped.length).toBeGreaterThan(0);
    for (const edge of grouped) expect(edge.quizLabel).toMatch(/ \(\d+ instances\)$/);
  });
});
