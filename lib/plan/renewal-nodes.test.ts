import { describe, expect, it } from "vitest";
import { FIXTURE_NOW, reportFor } from "../test-support/fixtures";
import { renewalPlan } from "./renewal-plan";

/** Each path of a planned certificate → the nodes its renewal is run on. */
async function nodesByPath(fixture: string, now = FIXTURE_NOW) {
  const plan = renewalPlan(await reportFor(fixture, now));
  const items = plan.days.flatMap((day) => day.items);
  return new Map(items.flatMap((item) => item.paths.map((path) => [path, item.nodes] as const)));
}

describe("renewal nodes", () => {
  it("one node's drop: every certificate is renewed on the node its kubelet names", async () => {
    const nodes = await nodesByPath("healthy");
    expect(nodes.get("etc/kubernetes/pki/apiserver.crt")).toEqual(["control-1"]);
    expect(nodes.get("var/lib/kubelet/pki/kubelet.crt")).toEqual(["control-1"]);
  });

  it("several nodes: each certificate on the node of its folder, a shared CA on every node", async () => {
    const nodes = await nodesByPath("layouts/kind-ha", "2026-12-01T00:00:00Z");
    expect(nodes.get("kind-control-plane2/etc/kubernetes/pki/apiserver.crt")).toEqual([
      "kind-control-plane2",
    ]);
    expect(nodes.get("kind-worker/var/lib/kubelet/pki/kubelet.crt")).toEqual(["kind-worker"]);
    expect(nodes.get("kind-control-plane/etc/kubernetes/pki/ca.crt")).toEqual([
      "kind-control-plane",
      "kind-control-plane2",
      "kind-control-plane3",
      "kind-worker",
      "kind-worker2",
    ]);
  });

  it("files without a kubelet to name their node: no node is guessed", async () => {
    const nodes = await nodesByPath("kubeadm-v1.20", "2021-06-01T00:00:00Z");
    expect([...nodes.values()].every((on) => on === undefined)).toBe(true);
  });
});
