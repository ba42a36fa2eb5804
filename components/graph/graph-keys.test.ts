import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import {
  buildGraphNav,
  nextGraphPosition,
  positionOnFocus,
  type NavEdge,
  type NavNode,
  type NavPosition,
} from "./graph-keys";
import { layoutTopology } from "./topology-layout";

// A small drawing: a CA on top, a client on the left, the server in the middle, a kubelet on the right.
//
//            ca
//   client → apiserver ← → kubelet
const NODES: NavNode[] = [
  { id: "kubelet", column: "right", x: 300, y: 100 },
  { id: "apiserver", column: "centre", x: 200, y: 100 },
  { id: "client", column: "left", x: 100, y: 100 },
  { id: "ca", column: "anchors", x: 200, y: 0 },
];
const EDGES: NavEdge[] = [
  { id: "kubelet-serving", source: "apiserver", target: "kubelet", anchors: [], badge: { x: 250, y: 90 } },
  { id: "client-to-api", source: "client", target: "apiserver", anchors: ["ca"], badge: { x: 150, y: 100 } },
  {
    id: "kubelet-client",
    source: "kubelet",
    target: "apiserver",
    anchors: ["ca"],
    badge: { x: 250, y: 110 },
  },
];
const NAV = buildGraphNav(NODES, EDGES);

const node = (id: string): NavPosition => ({ kind: "node", id });
const edge = (id: string, row: string): NavPosition => ({ kind: "edge", id, row });

describe("buildGraphNav", () => {
  it("orders boxes anchors first, then the columns left to right, each top to bottom", () => {
    expect(NAV.nodes).toEqual(["ca", "client", "apiserver", "kubelet"]);
  });

  it("lists each box's relationships by the box at the other end, a CA's by their client", () => {
    expect(Object.fromEntries(NAV.rows)).toEqual({
      ca: ["client-to-api", "kubelet-client"],
      client: ["client-to-api"],
      apiserver: ["client-to-api", "kubelet-serving", "kubelet-client"],
      kubelet: ["kubelet-serving", "kubelet-client"],
    });
  });
});

describe("nextGraphPosition", () => {
  it.each([
    { name: "Down to the next box", key: "ArrowDown", at: node("ca"), want: node("client") },
    { name: "Down wraps to the first box", key: "ArrowDown", at: node("kubelet"), want: node("ca") },
    { name: "Up wraps to the last box", key: "ArrowUp", at: node("ca"), want: node("kubelet") },
    {
      name: "Up from an edge: the box before its row's",
      key: "ArrowUp",
      at: edge("kubelet-client", "apiserver"),
      want: node("client"),
    },
    {
      name: "Down from an edge: the box after its row's",
      key: "ArrowDown",
      at: edge("client-to-api", "client"),
      want: node("apiserver"),
    },
    {
      name: "Right from a box: its first edge",
      key: "ArrowRight",
      at: node("apiserver"),
      want: edge("client-to-api", "apiserver"),
    },
    {
      name: "Right along the row",
      key: "ArrowRight",
      at: edge("client-to-api", "apiserver"),
      want: edge("kubelet-serving", "apiserver"),
    },
    {
      name: "Right stops at the row's end",
      key: "ArrowRight",
      at: edge("kubelet-client", "apiserver"),
      want: undefined,
    },
    {
      name: "Right from a CA: what it vouches for",
      key: "ArrowRight",
      at: node("ca"),
      want: edge("client-to-api", "ca"),
    },
    {
      name: "Left back along the row",
      key: "ArrowLeft",
      at: edge("kubelet-client", "kubelet"),
      want: edge("kubelet-serving", "kubelet"),
    },
    {
      name: "Left from the first edge: its box",
      key: "ArrowLeft",
      at: edge("kubelet-serving", "kubelet"),
      want: node("kubelet"),
    },
    { name: "Left from a box: nowhere", key: "ArrowLeft", at: node("client"), want: undefined },
    { name: "Home: the first box", key: "Home", at: edge("kubelet-client", "kubelet"), want: node("ca") },
    { name: "End: the last box", key: "End", at: node("ca"), want: node("kubelet") },
    { name: "other keys do nothing", key: "a", at: node("ca"), want: undefined },
  ])("$name", ({ key, at, want }) => expect(nextGraphPosition(key, at, NAV)).toEqual(want));

  it("has nowhere to go in an empty graph", () => {
    expect(nextGraphPosition("ArrowDown", node("x"), buildGraphNav([], []))).toBeUndefined();
  });
});

describe("positionOnFocus", () => {
  it.each([
    {
      name: "a box is its own row",
      item: { kind: "node", id: "client" },
      previous: null,
      want: node("client"),
    },
    {
      name: "an edge reached from a box it is listed under keeps that row",
      item: { kind: "edge", id: "kubelet-client" },
      previous: node("ca"),
      want: edge("kubelet-client", "ca"),
    },
    {
      name: "an edge clicked from elsewhere is in its client's row",
      item: { kind: "edge", id: "kubelet-client" },
      previous: node("client"),
      want: edge("kubelet-client", "kubelet"),
    },
    {
      name: "an edge focused first is in its client's row",
      item: { kind: "edge", id: "client-to-api" },
      previous: null,
      want: edge("client-to-api", "client"),
    },
    {
      name: "focus coming back to the same edge keeps its row",
      item: { kind: "edge", id: "client-to-api" },
      previous: edge("client-to-api", "apiserver"),
      want: edge("client-to-api", "apiserver"),
    },
  ] as const)("$name", ({ item, previous, want }) =>
    expect(positionOnFocus(item, previous, NAV)).toEqual(want),
  );
});

describe("on a real cluster's drawing", () => {
  it("reaches every box with Down and every relationship with Right from some box", async () => {
    const layout = layoutTopology(await reportFor("healthy"), { width: 1280, height: 800 });
    const nav = buildGraphNav(layout.nodes, layout.edges);
    const boxes = new Set<string>();
    const edges = new Set<string>();
    let at: NavPosition | undefined = { kind: "node", id: nav.nodes[0] ?? "" };
    for (let i = 0; i < nav.nodes.length && at; i++) {
      boxes.add(at.id);
      for (
        let step = nextGraphPosition("ArrowRight", at, nav);
        step;
        step = nextGraphPosition("ArrowRight", step, nav)
      )
        edges.add(step.id);
      at = nextGraphPosition("ArrowDown", at, nav);
    }
    expect(boxes.size).toBe(layout.nodes.length);
    expect([...edges].sort()).toEqual(layout.edges.map((e) => e.id).sort());
  });
});
