import { describe, expect, it } from "vitest";
import { PRIMARY_RELATIONSHIPS, SECONDARY_RELATIONSHIPS } from "@/lib/report";
import { edgeShortLabel, parallelEdgeIds } from "./edge-label";

const edge = (id: string, source: string, target: string) => ({ id, source, target });

describe("parallelEdgeIds", () => {
  it.each([
    { name: "no edges", edges: [], want: [] },
    { name: "one edge", edges: [edge("a", "x", "y")], want: [] },
    {
      name: "two edges the same way",
      edges: [edge("a", "x", "y"), edge("b", "x", "y"), edge("c", "x", "z")],
      want: ["a", "b"],
    },
    {
      name: "opposite directions are parallel too",
      edges: [edge("a", "kubelet", "apiserver"), edge("b", "apiserver", "kubelet")],
      want: ["a", "b"],
    },
    {
      name: "loops are never parallel",
      edges: [edge("a", "etcd", "etcd"), edge("b", "etcd", "etcd")],
      want: [],
    },
  ])("$name", ({ edges, want }) => {
    expect([...parallelEdgeIds(edges)].sort()).toEqual(want);
  });
});

describe("edgeShortLabel", () => {
  it("tells apart every pair of relationships that can join the same two boxes in the same direction", () => {
    const sameWay = [
      ["kubelet-client", "kubelet-bootstrap"],
      ["kubelet-serving", "apiserver-kubelet-client"],
      ["etcd-serving", "apiserver-etcd-client"],
    ] as const;
    for (const [a, b] of sameWay) expect(edgeShortLabel(a), `${a} vs ${b}`).not.toBe(edgeShortLabel(b));
  });

  it("is short for every relationship", () => {
    for (const id of [...PRIMARY_RELATIONSHIPS, ...SECONDARY_RELATIONSHIPS]) {
      expect(edgeShortLabel(id).length, id).toBeLessThanOrEqual(12);
    }
  });
});
