import { describe, expect, it } from "vitest";
import { examplesPhrase, nodeNamedIn, nodeShape, nodesPhrase, replaceNode } from "./node-fold";

describe("nodesPhrase", () => {
  const cases: { nodes: string[]; want: string }[] = [
    { nodes: ["cp-1"], want: "1 node: cp-1" },
    { nodes: ["node-2", "node-1"], want: "2 nodes: node-1 and node-2" },
    { nodes: ["node-10", "node-2", "control-1"], want: "3 nodes: control-1, node-2 and node-10" },
    {
      nodes: ["node-10", "node-9", "node-1", "control-1", "node-2"],
      want: "5 nodes: control-1, node-1, node-2 and 2 more",
    },
  ];
  it.each(cases)("$want", ({ nodes, want }) => expect(nodesPhrase(nodes)).toBe(want));
});

describe("examplesPhrase", () => {
  const cases: { items: string[]; want: string }[] = [
    { items: ["a", "b", "c"], want: "a, b, c" },
    { items: ["a", "b", "c", "d", "e"], want: "a, b, c and 2 more" },
  ];
  it.each(cases)("$want", ({ items, want }) => expect(examplesPhrase(items)).toBe(want));
});

describe("nodeShape", () => {
  const nodes = new Set(["node-1", "node-10", "cp.example.com"]);
  const cases: { a: string; b: string; same: boolean }[] = [
    {
      a: "CN=system:node:node-1 in workers/node-1/var/lib/kubelet/pki/kubelet-client-current.pem expired.",
      b: "CN=system:node:node-10 in workers/node-10/var/lib/kubelet/pki/kubelet-client-current.pem expired.",
      same: true,
    },
    { a: "the kubelet on node-1.", b: "the kubelet on cp.example.com.", same: true },
    { a: "expires on 2026-12-20 (node-1)", b: "expires on 2026-12-21 (node-10)", same: false },
    { a: "node-1 lacks a SAN", b: "node-12 lacks a SAN", same: false },
  ];
  it.each(cases)("$a ~ $b: $same", ({ a, b, same }) =>
    expect(nodeShape(a, nodes) === nodeShape(b, nodes)).toBe(same),
  );
});

describe("replaceNode and nodeNamedIn", () => {
  it("replaces and finds whole node names only", () => {
    const nodes = new Set(["node-1", "node-10"]);
    expect(replaceNode("restart the kubelet on node-1", "node-1", "2 nodes: node-1 and node-10")).toBe(
      "restart the kubelet on 2 nodes: node-1 and node-10",
    );
    expect(replaceNode("restart the kubelet on node-10.", "node-1", "X")).toBe(
      "restart the kubelet on node-10.",
    );
    expect(nodeNamedIn(["pki/ca.crt", "workers/node-10/kubelet.conf"], nodes)).toBe("node-10");
    expect(nodeNamedIn(["workers/node-100/kubelet.conf"], nodes)).toBeUndefined();
  });
});

describe("nodeShape on a text of megabytes", () => {
  it("leaves it as it is instead of backtracking over its long words", () => {
    const text = `--enable-admission-plugins=NodeRestriction${"v".repeat(2_000_000)} on node-1`;
    expect(nodeShape(text, new Set(["node-1"]))).toBe(text);
  });
});
