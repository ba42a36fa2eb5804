import { describe, expect, it } from "vitest";
import { PRIMARY_RELATIONSHIPS, SECONDARY_RELATIONSHIPS } from "@/lib/report";
import { edgeTag, legendTags, parallelEdgeIds } from "./edge-label";

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

describe("edgeTag", () => {
  it("tells apart every pair of relationships that can join the same two boxes in the same direction", () => {
    const sameWay = [
      ["kubelet-client", "kubelet-bootstrap"],
      ["kubelet-serving", "apiserver-kubelet-client"],
      ["etcd-serving", "apiserver-etcd-client"],
      ["controller-manager-client", "service-account-signing"],
    ] as const;
    for (const [a, b] of sameWay) {
      expect(edgeTag(a).letter, `${a} vs ${b}`).not.toBe(edgeTag(b).letter);
      expect(edgeTag(a).name, `${a} vs ${b}`).not.toBe(edgeTag(b).name);
    }
  });

  it("gives one name to each letter, so the legend never names a letter twice", () => {
    const all = [...PRIMARY_RELATIONSHIPS, ...SECONDARY_RELATIONSHIPS];
    const names = new Map<string, Set<string>>();
    for (const id of all) {
      const { letter, name } = edgeTag(id);
      names.set(letter, (names.get(letter) ?? new Set()).add(name));
    }
    for (const [letter, set] of names) expect([...set], letter).toHaveLength(1);
    expect(legendTags(all).map((tag) => tag.letter)).toEqual(["B", "C", "F", "H", "K", "P", "S"]);
  });
});
