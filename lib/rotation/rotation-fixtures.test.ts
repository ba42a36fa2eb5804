/**
 * The rotation fixtures (scripts/fixtures/rotation/kubeadm-ha.sh: a kubeadm HA cluster taken by
 * openssl through kubernetes.io's manual rotation, stage by stage): each is at the step its files
 * show on every node, and each mistake raises exactly its own errors — and a stage without one none.
 */
import { describe, expect, it } from "vitest";
import type { Finding, ReportRotation, RotationStepId } from "../report";
import { reportFor } from "../test-support/fixtures";

const NOW = "2026-12-01T00:00:00Z";

interface Stage {
  name: string;
  root?: string;
  /** The cluster's step, then each node's, in order cp-1, cp-2, cp-3, worker-1, worker-2. */
  step?: RotationStepId;
  nodes?: RotationStepId[];
  /** Every finding above info: code, the edge it names, and the nodes of its broken edges. */
  errors: { code: Finding["code"]; relationshipKey?: string; broken?: RegExp }[];
}

const STAGES: Stage[] = [
  { name: "cluster-ca-1-distributing", root: "cluster-ca", step: 1, nodes: [2, 2, 1, 1, 1], errors: [] },
  {
    name: "cluster-ca-1-mistake-reissued-early",
    root: "cluster-ca",
    step: 1,
    nodes: [2, 2, 1, 1, 1],
    errors: [
      {
        code: "CA_ROTATION_OUT_OF_ORDER",
        relationshipKey: "apiserver-serving@cp-1",
        broken: /cp-1 → worker-1, apiserver-serving cp-1 → worker-2, apiserver-serving cp-1 → cp-3\.$/,
      },
      // The per-node judgement of the same fault: the workers' kubelet.conf against cp-1's apiserver.
      { code: "KUBECONFIG_CA_MISMATCH", relationshipKey: "apiserver-serving@cp-1" },
      { code: "KUBECONFIG_CA_MISMATCH", relationshipKey: "apiserver-serving@cp-1" },
    ],
  },
  { name: "cluster-ca-2-reissuing", root: "cluster-ca", step: 2, nodes: [3, 2, 2, 3, 3], errors: [] },
  {
    name: "cluster-ca-2-mistake-worker-skipped",
    root: "cluster-ca",
    step: 1,
    nodes: [3, 2, 2, 3, 1],
    errors: [
      {
        code: "CA_ROTATION_OUT_OF_ORDER",
        relationshipKey: "apiserver-kubelet-client:worker-2",
        broken: /cp-1 → worker-2\.$/,
      },
      {
        code: "CA_ROTATION_OUT_OF_ORDER",
        relationshipKey: "apiserver-serving@cp-1",
        broken: /cp-1 → worker-2\.$/,
      },
      { code: "CHAIN_BAD_SIGNATURE", relationshipKey: "apiserver-kubelet-client:worker-2" },
      { code: "KUBECONFIG_CA_MISMATCH", relationshipKey: "apiserver-serving@cp-1" },
    ],
  },
  { name: "cluster-ca-3-switching-signer", root: "cluster-ca", step: 3, nodes: [3, 3, 3, 3, 3], errors: [] },
  {
    name: "cluster-ca-3-mistake-ca-replaced",
    root: "cluster-ca",
    step: 3,
    nodes: [3, "done", 3, 3, 3],
    errors: [
      {
        code: "CA_ROTATION_OUT_OF_ORDER",
        relationshipKey: "kubelet-client:cp-2",
        broken:
          /kubelet-client cp-1 → cp-2, kubelet-client worker-1 → cp-2, kubelet-client worker-2 → cp-2, kubelet-client cp-3 → cp-2\.$/,
      },
      { code: "CHAIN_BAD_SIGNATURE", relationshipKey: "kubelet-client:cp-2" },
    ],
  },
  { name: "cluster-ca-5-removing", root: "cluster-ca", step: 5, nodes: [5, 5, 5, 5, 5], errors: [] },
  {
    name: "cluster-ca-5-mistake-removed-early",
    root: "cluster-ca",
    step: 3,
    nodes: [5, 5, "done", 5, 3],
    errors: [
      {
        code: "CA_ROTATION_OUT_OF_ORDER",
        relationshipKey: "kubelet-client:cp-3",
        broken: /kubelet-client worker-2 → cp-3\.$/,
      },
    ],
  },
  // Done: one key per CA name left, so no rotation is under way.
  { name: "cluster-ca-done", errors: [] },
  // A kubeconfig left with the old CA alone (kubeadm#2027) is no rotation: the chain rules say it.
  {
    name: "cluster-ca-done-mistake-stale-kubelet-conf",
    errors: [{ code: "KUBECONFIG_CA_MISMATCH", relationshipKey: "apiserver-serving@cp-1" }],
  },
  { name: "etcd-ca-1-distributed", root: "etcd-ca", step: 2, nodes: [2, 2, 2], errors: [] },
  {
    name: "etcd-ca-1-mistake-peer-reissued-early",
    root: "etcd-ca",
    step: 1,
    nodes: [5, 2, 1],
    errors: [
      {
        code: "CA_ROTATION_OUT_OF_ORDER",
        relationshipKey: "etcd-peer@cp-3",
        broken: /etcd-peer cp-1 → cp-3\.$/,
      },
    ],
  },
  { name: "etcd-ca-2-reissuing", root: "etcd-ca", step: 2, nodes: [5, 2, 2], errors: [] },
  {
    name: "etcd-ca-2-mistake-old-removed",
    root: "etcd-ca",
    step: 2,
    nodes: ["done", 2, 2],
    errors: [
      {
        code: "CA_ROTATION_OUT_OF_ORDER",
        relationshipKey: "etcd-peer@cp-1",
        broken: /etcd-peer cp-2 → cp-1, etcd-peer cp-3 → cp-1\.$/,
      },
    ],
  },
];

describe("rotation/k3s-rotate-ca-agent-pending", () => {
  it("after rotate-ca, the server is on the new CAs, the agent not restarted yet: trusted through the cross-signed roots", async () => {
    const report = await reportFor("rotation/k3s-rotate-ca-agent-pending", NOW);
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
    const stands = new Map<string | undefined, ReportRotation>(
      (report.rotations ?? []).map((r) => [r.root, r]),
    );
    for (const root of ["client-ca", "server-ca"]) {
      expect(stands.get(root)?.step).toBe(1);
      expect(stands.get(root)?.nodes.map((n) => [n.node, n.step])).toEqual([
        ["agent-1", 1],
        ["server-1", 5],
      ]);
      expect(stands.get(root)?.hazards).toEqual([]);
    }
    for (const root of ["request-header-ca", "etcd-server-ca", "etcd-peer-ca"])
      expect(stands.get(root)?.step).toBe(5);
    const info = report.findings.find((f) => f.title.startsWith("Rotation of the client CA"));
    expect(info?.fix).toMatch(
      /^Restart k3s on agent-1 \(servers first, then agents: systemctl restart k3s-agent on an agent\)/,
    );
  });
});

describe.each(STAGES)("rotation/$name", (stage) => {
  it("is at the step its files show, on every node", async () => {
    const report = await reportFor(`rotation/${stage.name}`, NOW);
    const rotations: ReportRotation[] = report.rotations ?? [];
    if (!stage.root) {
      expect(rotations).toEqual([]);
      expect(report.findings.filter((f) => f.code === "CA_ROTATION_IN_PROGRESS")).toEqual([]);
      return;
    }
    expect(rotations.map((r) => r.root)).toEqual([stage.root]);
    const [rotation] = rotations;
    expect(rotation?.step).toBe(stage.step);
    expect(rotation?.nodes.map((n) => [n.node, n.step])).toEqual(
      ["cp-1", "cp-2", "cp-3", "worker-1", "worker-2"]
        .slice(0, stage.nodes?.length)
        .map((node, i) => [node, stage.nodes?.[i]]),
    );
    const info = report.findings.filter((f) => f.code === "CA_ROTATION_IN_PROGRESS");
    expect(info).toHaveLength(1);
    expect(info[0]?.title).toMatch(new RegExp(`step ${stage.step === "done" ? 5 : String(stage.step)} of 5`));
  });

  it("raises exactly its own mistake", async () => {
    const report = await reportFor(`rotation/${stage.name}`, NOW);
    const loud = report.findings.filter((f) => f.severity !== "info");
    expect(loud.map((f) => [f.code, f.relationshipKey])).toEqual(
      stage.errors.map((e) => [e.code, e.relationshipKey]),
    );
    for (const [i, expected] of stage.errors.entries())
      if (expected.broken) expect(loud[i]?.detail).toMatch(expected.broken);
  });
});
