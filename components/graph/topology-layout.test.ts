import { describe, expect, it } from "vitest";
import { analyze } from "@/lib/analyze";
import { FIXTURE_NOW, SAMPLE_NOW, fixtureDir, readTree, reportFor } from "@/lib/test-support/fixtures";
import type { Report } from "@/lib/report";
import { cubicAt, distanceToBox, type Cubic, type Point } from "./cubic";
import type { PlacedNode } from "./place-nodes";
import type { RoutedEdge } from "./route-edges";
import { withKubelets } from "./synthetic-kubelets";
import { layoutTopology, type TopologyLayout } from "./topology-layout";
import { KUBELET_GROUP_ID } from "./topology-model";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The four control points back out of a path string `M x y C x y x y x y`. */
function curveOf(edge: RoutedEdge): Cubic {
  const n = edge.path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const p = (i: number): Point => ({ x: n[i] ?? NaN, y: n[i + 1] ?? NaN });
  return [p(0), p(2), p(4), p(6)];
}

/** Distance from a point to the border of a box (0 on it). */
function distanceToBorder(p: Point, n: PlacedNode): number {
  const outside = distanceToBox(p, n);
  if (outside > 0) return outside;
  return Math.min(n.width / 2 - Math.abs(p.x - n.x), n.height / 2 - Math.abs(p.y - n.y));
}

function overlaps(a: PlacedNode, b: PlacedNode, gap: number): boolean {
  return (
    Math.abs(a.x - b.x) < (a.width + b.width) / 2 + gap &&
    Math.abs(a.y - b.y) < (a.height + b.height) / 2 + gap
  );
}

/** The report of part of the healthy fixture: what a person gets when dropping less than a node. */
async function partOfHealthy(keep: (path: string) => boolean): Promise<Report> {
  return analyze(
    readTree(fixtureDir("healthy")).filter((f) => keep(f.path)),
    { now: FIXTURE_NOW },
  );
}

/**
 * Reports to lay out; `dense` ones (many kubelets on one hub) may have badges touching, as long as
 * each stays clickable, the others must keep every badge clear of every other.
 */
const reports: { name: string; load: () => Promise<Report>; dense?: boolean }[] = [
  { name: "healthy", load: () => reportFor("healthy") },
  { name: "kubeadm-v1.20", load: () => reportFor("kubeadm-v1.20") },
  { name: "stale-ca-admin-kubeconfig (two cluster CAs)", load: () => reportFor("stale-ca-admin-kubeconfig") },
  { name: "exec-v1alpha1-kubeconfig (a user)", load: () => reportFor("exec-v1alpha1-kubeconfig") },
  { name: "hand-made-pki (two admin edges)", load: () => reportFor("hand-made-pki") },
  { name: "a single kubeconfig", load: () => partOfHealthy((p) => p.endsWith("etc/kubernetes/admin.conf")) },
  {
    name: "only /var/lib/kubelet/pki (no anchor)",
    load: () => partOfHealthy((p) => p.includes("var/lib/kubelet/pki/")),
  },
  { name: "3 kubelets", load: async () => withKubelets(await reportFor("healthy"), 3) },
  { name: "6 kubelets", load: async () => withKubelets(await reportFor("healthy"), 6), dense: true },
  { name: "8 kubelets", load: async () => withKubelets(await reportFor("healthy"), 8), dense: true },
  { name: "12 kubelets", load: async () => withKubelets(await reportFor("healthy"), 12), dense: true },
  { name: "30 kubelets", load: async () => withKubelets(await reportFor("healthy"), 30) },
  { name: "kind HA (3 control planes)", load: () => reportFor("layouts/kind-ha", SAMPLE_NOW) },
];

const cases = reports.flatMap((r) => [
  { ...r, size: DESKTOP, variant: "wide" },
  { ...r, size: PHONE, variant: "compact" },
]);

describe("layoutTopology invariants", () => {
  it.each(cases)("$name at $size.width px ($variant)", async ({ load, size, variant, dense }) => {
    const report = await load();
    const layout = layoutTopology(report, size);
    expect(layout.variant).toBe(variant);

    // Deterministic: a second run, and a run on a structurally cloned report, are identical.
    expect(layoutTopology(structuredClone(report), size)).toEqual(layout);

    // The geometric checks below run over every pair of boxes, edges and points along each curve:
    // each breach is collected with what it involves and the whole list is held to be empty at the
    // end, so a failure names every breach at once (and the loops do not build an assertion apiece).
    const breaches: string[] = [];

    // No two boxes overlap, with air between them.
    for (const [i, a] of layout.nodes.entries())
      for (const b of layout.nodes.slice(i + 1))
        if (overlaps(a, b, 6)) breaches.push(`${a.id} / ${b.id} overlap`);

    // Every relationship instance is drawn by exactly one edge.
    const drawn = layout.edges.flatMap((e) => e.keys).sort();
    expect(drawn).toEqual(report.relationships.map((r) => r.key).sort());

    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    for (const edge of layout.edges) {
      const source = byId.get(edge.source);
      const target = byId.get(edge.target);
      if (!source || !target) {
        breaches.push(`${edge.id} joins a box that is not drawn`);
        continue;
      }
      // Both ends sit on the border of their box.
      const startOff = distanceToBorder(edge.start, source);
      if (!(startOff < 0.11)) breaches.push(`${edge.id} start is ${startOff} off its box`);
      const endOff = distanceToBorder(edge.end, target);
      if (!(endOff < 0.11)) breaches.push(`${edge.id} end is ${endOff} off its box`);
      // The line never runs through a box that is not one of its ends.
      const curve = curveOf(edge);
      for (let t = 0; t <= 1; t += 0.02) {
        const p = cubicAt(curve, t);
        for (const other of layout.nodes) {
          if (other === source || other === target) continue;
          if (!(distanceToBox(p, other) > 0))
            breaches.push(`${edge.id} crosses ${other.id} at t=${t.toFixed(2)}`);
        }
      }
      // Badges stay off the boxes.
      for (const n of layout.nodes)
        if (!(distanceToBox(edge.badge, n) >= layout.metrics.badgeRadius))
          breaches.push(`${edge.id} badge on ${n.id}`);
      // The bounds hold everything.
      const { bounds } = layout;
      for (const p of [edge.start, edge.end, edge.badge])
        if (!(
          p.x >= bounds.x &&
          p.y >= bounds.y &&
          p.x <= bounds.x + bounds.width &&
          p.y <= bounds.y + bounds.height
        ))
          breaches.push(`${edge.id} point (${p.x}, ${p.y}) outside the bounds`);
    }

    // A pointer on an edge's badge reaches that edge: no other edge's pointer target covers it, and
    // the badge is the centre of the edge's frame.
    const curves = layout.edges.map(curveOf);
    for (const [i, edge] of layout.edges.entries()) {
      expect(edge.frame.x + edge.frame.width / 2).toBeCloseTo(edge.badge.x, 0);
      expect(edge.frame.y + edge.frame.height / 2).toBeCloseTo(edge.badge.y, 0);
      for (const [j, curve] of curves.entries()) {
        if (i === j) continue;
        for (let t = 0; t <= 1; t += 0.005) {
          const p = cubicAt(curve, t);
          if (!(Math.hypot(p.x - edge.badge.x, p.y - edge.badge.y) > layout.metrics.hitWidth / 2)) {
            breaches.push(`${layout.edges[j]?.id} runs over the badge of ${edge.id} at t=${t.toFixed(3)}`);
          }
        }
      }
    }

    // Badges do not overlap; on a dense hub they may touch, but none covers another's centre.
    const apart = dense ? layout.metrics.badgeRadius + 1 : layout.metrics.badgeRadius * 2;
    for (const [i, a] of layout.edges.entries())
      for (const b of layout.edges.slice(i + 1))
        if (!(Math.hypot(a.badge.x - b.badge.x, a.badge.y - b.badge.y) > apart))
          breaches.push(`badges of ${a.id} / ${b.id} closer than ${apart}`);
    expect(breaches).toEqual([]);

    // Every component box has an edge; anchors are all drawn.
    const ends = new Set(layout.edges.flatMap((e) => [e.source, e.target]));
    for (const n of layout.nodes) if (n.column !== "anchors") expect(ends.has(n.id), n.id).toBe(true);
    expect(layout.nodes.filter((n) => n.column === "anchors")).toHaveLength(
      new Set(report.trustAnchors.map((a) => a.id)).size,
    );
    expect(new Set(layout.edges.map((e) => e.id)).size, "edge ids are unique").toBe(layout.edges.length);

    // Keyboard order: primary relationships first, then secondary, each in report order.
    const primaryFlags = layout.edges.map((e) => e.primary);
    expect(primaryFlags).toEqual([...primaryFlags].sort((a, b) => Number(b) - Number(a)));
    expect(layout.edges.map((e) => e.order)).toEqual(layout.edges.map((_, i) => i));
  });
});

function node(layout: TopologyLayout, id: string): PlacedNode {
  const found = layout.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
}

describe("layoutTopology teaches the topology", () => {
  it("wide: anchors on top, apiserver in the middle with etcd below, clients left, kubelets right", async () => {
    const layout = layoutTopology(await reportFor("healthy"), DESKTOP);
    const api = node(layout, "kube-apiserver");
    const anchors = layout.nodes.filter((n) => n.column === "anchors");
    for (const a of anchors)
      for (const c of layout.nodes.filter((n) => n.column !== "anchors"))
        expect(a.y + a.height / 2, `${a.id} above ${c.id}`).toBeLessThan(c.y - c.height / 2);
    expect(node(layout, "etcd").y).toBeGreaterThan(api.y);
    expect(node(layout, "etcd").x).toBe(api.x);
    expect(node(layout, "etcd-healthcheck").y).toBeGreaterThan(node(layout, "etcd").y);
    for (const id of ["kube-controller-manager", "kube-scheduler"])
      expect(node(layout, id).y).toBeLessThan(api.y);
    for (const id of ["clients", "admin", "super-admin", "front-proxy"])
      expect(node(layout, id).x).toBeLessThan(api.x);
    for (const id of ["kubelet:control-1", "kube-proxy"]) expect(node(layout, id).x).toBeGreaterThan(api.x);
    expect(node(layout, "kubelet:control-1").labels).toEqual(["kubelet (control-1)", "control-1"]);
    expect(node(layout, "kube-controller-manager").labels[0]).toBe("kube-controller-manager");
  });

  it("compact: fits a phone at about 0.9x, short labels, control-plane clients on the left", async () => {
    const layout = layoutTopology(await reportFor("healthy"), PHONE);
    expect(layout.bounds.width).toBeLessThanOrEqual(410);
    const api = node(layout, "kube-apiserver");
    expect(api.labels).toEqual(["apiserver"]);
    expect(node(layout, "kube-controller-manager").x).toBeLessThan(api.x);
    expect(node(layout, "kubelet:control-1").labels).toEqual(["control-1"]);
    expect(node(layout, "kube-controller-manager").labels).toEqual([
      "controller-manager",
      "ctrl-manager",
      "ctrl-mgr",
    ]);
  });

  it("draws etcd-peer as a loop on etcd, and parallel edges between the same boxes apart", async () => {
    const layout = layoutTopology(await reportFor("healthy"), DESKTOP);
    const peer = layout.edges.find((e) => e.relationshipId === "etcd-peer");
    expect(peer?.loop).toBe(true);
    expect(peer?.hitPath.endsWith("Z")).toBe(true);
    const toKubelet = layout.edges.filter(
      (e) =>
        [e.source, e.target].includes("kubelet:control-1") && [e.source, e.target].includes("kube-apiserver"),
    );
    expect(toKubelet.map((e) => e.relationshipId)).toEqual(
      expect.arrayContaining(["apiserver-kubelet-client", "kubelet-client", "kubelet-serving"]),
    );
    const apiEnds = toKubelet.map((e) => (e.source === "kube-apiserver" ? e.start.y : e.end.y));
    expect(new Set(apiEnds).size).toBe(toKubelet.length);
    const toEtcd = layout.edges.filter((e) => e.source === "kube-apiserver" && e.target === "etcd");
    expect(new Set(toEtcd.map((e) => e.start.x)).size).toBe(2);
  });

  it("names each edge for screen readers with client, server and status", async () => {
    const layout = layoutTopology(await reportFor("healthy"), DESKTOP);
    const labels = layout.edges.map((e) => e.ariaLabel);
    expect(labels).toContain("kubelet-client: kubelet (control-1) → kube-apiserver, ok");
    expect(labels).toContain("kube-proxy-client: kube-proxy → kube-apiserver, unknown");
    expect(labels).toContain("admin-client: kubectl (super-admin) → kube-apiserver, ok");
  });

  it("keeps 3 kubelets as 3 boxes, stacked on the right in node order", async () => {
    const layout = layoutTopology(withKubelets(await reportFor("healthy"), 3), DESKTOP);
    const kubelets = layout.nodes.filter((n) => n.id.startsWith("kubelet:"));
    expect(kubelets.map((k) => k.id)).toEqual(["kubelet:node-1", "kubelet:node-2", "kubelet:node-3"]);
    expect(kubelets.map((k) => k.y)).toEqual([...kubelets.map((k) => k.y)].sort((a, b) => a - b));
    expect(layout.note).toBeUndefined();
  });

  it("collapses 30 kubelets into one node whose edges carry the worst status, and says so", async () => {
    const report = withKubelets(await reportFor("healthy"), 30, {
      statusOf: (id, n) =>
        id === "kubelet-client" && n === 7
          ? "error"
          : id === "kubelet-serving" && n > 20
            ? "warning"
            : undefined,
    });
    const layout = layoutTopology(report, DESKTOP);
    expect(layout.nodes.filter((n) => n.id.startsWith("kubelet:"))).toEqual([]);
    const group = node(layout, KUBELET_GROUP_ID);
    expect(group.labels).toEqual(["30 kubelets"]);
    expect(group.members).toHaveLength(30);
    expect(group.selection).toEqual({ kind: "kubelet-group" });
    expect(layout.note).toMatch(/^30 kubelets are drawn as one node/);

    const byRelationship = new Map(
      layout.edges.filter((e) => e.keys.length > 1).map((e) => [e.relationshipId, e]),
    );
    expect(byRelationship.get("kubelet-client")?.status).toBe("error");
    expect(byRelationship.get("kubelet-client")?.selection).toEqual({
      kind: "kubelet-group",
      relationship: "kubelet-client",
    });
    expect(byRelationship.get("kubelet-client")?.ariaLabel).toBe(
      "kubelet-client: 30 kubelets → kube-apiserver, error (worst of 30)",
    );
    expect(byRelationship.get("kubelet-serving")?.status).toBe("warning");
    expect(byRelationship.get("apiserver-kubelet-client")?.status).toBe("ok");
    expect(byRelationship.get("kubelet-client")?.keys).toHaveLength(30);
  });

  it("draws the instances of a relationship on 3 control planes as one edge with the worst status", async () => {
    const report = await reportFor("layouts/kind-ha", SAMPLE_NOW);
    const broken = structuredClone(report);
    const second = broken.relationships.find((r) => r.key === "apiserver-serving@kind-control-plane2");
    if (second) second.status = "error";
    const layout = layoutTopology(broken, DESKTOP);
    const serving = layout.edges.filter((e) => e.relationshipId === "apiserver-serving");
    expect(serving).toHaveLength(1);
    expect(serving[0]?.keys).toEqual([
      "apiserver-serving@kind-control-plane",
      "apiserver-serving@kind-control-plane2",
      "apiserver-serving@kind-control-plane3",
    ]);
    expect(serving[0]?.status).toBe("error");
    expect(serving[0]?.selection).toEqual({
      kind: "relationship",
      key: "apiserver-serving@kind-control-plane2",
    });
    expect(serving[0]?.ariaLabel).toBe("apiserver-serving: API clients → kube-apiserver, error (worst of 3)");
    for (const id of ["etcd-peer", "etcd-serving", "controller-manager-client", "front-proxy-client"])
      expect(
        layout.edges.filter((e) => e.relationshipId === id),
        id,
      ).toHaveLength(1);
    // Each node's kubelet keeps its own edges: they join different boxes.
    expect(layout.edges.filter((e) => e.relationshipId === "kubelet-client")).toHaveLength(5);
    expect(layout.note).toMatch(/up to 3 control planes are drawn once each/);
    expect(
      layoutTopology(report, DESKTOP).edges.find((e) => e.relationshipId === "apiserver-serving")?.status,
    ).toBe("ok");
  });

  it("draws two admin kubeconfigs of one k3s server as one admin-client edge, and says so plainly", async () => {
    const layout = layoutTopology(await reportFor("layouts/k3s", SAMPLE_NOW), DESKTOP);
    const admin = layout.edges.filter((e) => e.relationshipId === "admin-client" && e.source === "admin");
    expect(admin).toHaveLength(1);
    expect(admin[0]?.keys).toHaveLength(2);
    expect(layout.note).toMatch(/^Relationships found more than once between the same two boxes/);
  });

  it("collapses at a lower threshold when asked", async () => {
    const layout = layoutTopology(withKubelets(await reportFor("healthy"), 3), PHONE, { aggregateAbove: 2 });
    expect(node(layout, KUBELET_GROUP_ID).labels).toEqual(["3 kubelets"]);
  });

  it("links each trust anchor to the edges it vouches for", async () => {
    const report = await reportFor("healthy");
    const layout = layoutTopology(report, DESKTOP);
    const anchorOf = (role: string) => report.trustAnchors.find((a) => a.role === role)?.id;
    const linked = (anchorId: string | undefined) =>
      layout.anchorLinks
        .filter((l) => l.anchorId === anchorId)
        .map((l) => l.edgeId)
        .sort();
    expect(linked(anchorOf("etcd-ca"))).toEqual([
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
      "etcd-peer",
      "etcd-serving",
    ]);
    expect(linked(anchorOf("front-proxy-ca"))).toEqual(["front-proxy-client"]);
    expect(linked(anchorOf("service-account"))).toEqual(["service-account-signing"]);
    expect(linked(anchorOf("cluster-ca"))).toContain("kubelet-client");
  });
});
