/**
 * The rotation plan made from a report: every node and file of this cluster in the step that
 * touches it, kubeadm's commands where they sign with the CA they are given, and where a drop
 * mid-rotation stands per step.
 */
import { describe, expect, it } from "vitest";
import { formatRotationPlanMarkdown, formatRotationPlanText } from "../format/rotation-plan";
import { reportFor } from "../test-support/fixtures";
import { nodePath, rotationPlan, rotationRoots, type RotationPlan } from "./rotation-plan";

const NOW = "2026-12-01T00:00:00Z";

async function planFor(fixture: string, root: string): Promise<RotationPlan> {
  const plan = rotationPlan(await reportFor(fixture, NOW), root);
  if (!plan) throw new Error(`no plan for ${root} in ${fixture}`);
  return plan;
}

const step = (plan: RotationPlan, n: number) => plan.steps.find((s) => s.step === n);

describe("rotationPlan on the kubeadm HA cluster", () => {
  it("offers the roots the drop holds", async () => {
    const report = await reportFor("rotation/cluster-ca-done", NOW);
    expect(rotationRoots(report).sort()).toEqual(["cluster-ca", "etcd-ca", "front-proxy-ca", "sa"]);
    expect(rotationPlan(report, "client-ca")).toBeUndefined();
  });

  it("names every node, control planes first, and the load balancer", async () => {
    const plan = await planFor("rotation/cluster-ca-done", "cluster-ca");
    expect(plan.family).toBe("kubeadm");
    expect(plan.nodes.map((n) => [n.node, n.controlPlane])).toEqual([
      ["cp-1", true],
      ["cp-2", true],
      ["cp-3", true],
      ["worker-1", false],
      ["worker-2", false],
    ]);
    expect(plan.endpoints).toEqual(["https://k8s-api.internal:6443"]);
    expect(plan.stand).toBeUndefined();
  });

  it("step 1 gives every node's bundles and kubeconfigs both CAs, old first", async () => {
    const plan = await planFor("rotation/cluster-ca-done", "cluster-ca");
    const distribute = step(plan, 1)?.actions ?? [];
    const worker = distribute.find((a) => a.node === "worker-2");
    expect(worker?.files).toEqual(["/etc/kubernetes/pki/ca.crt", "/etc/kubernetes/kubelet.conf"]);
    expect(worker?.commands).toContain("systemctl restart kubelet");
    const cp3 = distribute.filter((a) => a.node === "cp-3").at(-1);
    expect(cp3?.commands).toContain(
      "cat /etc/kubernetes/pki/ca-old.crt /etc/kubernetes/pki/ca-new.crt > /etc/kubernetes/pki/ca.crt",
    );
    expect(cp3?.commands).toContain(
      "kubectl config set-cluster kubernetes --kubeconfig /etc/kubernetes/admin.conf --certificate-authority /etc/kubernetes/pki/ca.crt --embed-certs",
    );
    expect(distribute.some((a) => a.node === "cluster" && a.note?.includes("kube-root-ca.crt"))).toBe(true);
  });

  it("step 2 renews kubeadm's leaves against a copy that holds the new CA, per control plane", async () => {
    const plan = await planFor("rotation/cluster-ca-done", "cluster-ca");
    const reissue = step(plan, 2)?.actions ?? [];
    expect(reissue.map((a) => a.node)).toEqual(["cp-1", "cp-2", "cp-3"]);
    const cp1 = reissue[0];
    expect(cp1?.commands).toContain("kubeadm certs renew apiserver --cert-dir /root/ca-rotation/pki");
    expect(cp1?.commands).toContain("kubeadm certs renew super-admin.conf --cert-dir /root/ca-rotation/pki");
    expect(reissue[1]?.commands).not.toContain(
      "kubeadm certs renew super-admin.conf --cert-dir /root/ca-rotation/pki",
    );
    expect(cp1?.commands.at(-4)).toBe("rm -rf /root/ca-rotation");
    expect(cp1?.files.some((f) => f.startsWith("/var/lib/kubelet/"))).toBe(false);
  });

  it("the etcd CA restarts etcd and checks its health, and has no kubelet step", async () => {
    const plan = await planFor("rotation/etcd-ca-2-reissuing", "etcd-ca");
    const cp2 = step(plan, 1)?.actions.find((a) => a.node === "cp-2");
    expect(cp2?.commands.some((c) => c.includes("etcdctl") && c.includes("endpoint health"))).toBe(true);
    expect(step(plan, 2)?.actions.find((a) => a.node === "cp-1")?.commands).toContain(
      "kubeadm certs renew etcd-peer --cert-dir /root/ca-rotation/pki",
    );
    expect(step(plan, 3)?.actions.every((a) => !a.files.some((f) => f.includes("kubelet")))).toBe(true);
  });

  it("mid-rotation, each step says which nodes have done it", async () => {
    const plan = await planFor("rotation/cluster-ca-2-reissuing", "cluster-ca");
    expect(plan.stand?.step).toBe(2);
    expect(step(plan, 1)?.state).toBe("done");
    expect(step(plan, 2)?.state).toBe("partly");
    expect(step(plan, 2)?.actions.map((a) => [a.node, a.done])).toEqual([
      ["cp-1", true],
      ["cp-2", false],
      ["cp-3", false],
    ]);
    expect(step(plan, 5)?.state).toBe("todo");
  });

  it("the service-account pair verifies both public keys before it signs with the new one", async () => {
    const plan = await planFor("rotation/cluster-ca-done", "sa");
    expect(
      step(plan, 1)?.actions.filter((a) => a.commands.some((c) => c.includes("sa-old.pub"))),
    ).toHaveLength(3);
    expect(step(plan, 3)?.actions[0]?.note).toMatch(/step 1 is done on every control plane/);
  });
});

describe("rotationPlan elsewhere", () => {
  it("k3s rotates every CA with certificate rotate-ca, servers before agents", async () => {
    const report = await reportFor("layouts/k3s", NOW);
    const [root] = rotationRoots(report);
    expect(root).toBeDefined();
    const plan = rotationPlan(report, root ?? "");
    expect(plan?.family).toBe("k3s");
    expect(plan?.steps[1]?.actions[0]?.commands[0]).toBe(
      "k3s certificate rotate-ca --path=/var/lib/rancher/k3s/server/rotate-ca",
    );
    expect(plan?.steps[3]?.actions.map((a) => a.commands[0])).toEqual([
      "systemctl restart k3s",
      "systemctl restart k3s-agent",
    ]);
  });

  it("a single kubeadm node is warned about the downtime", async () => {
    const plan = rotationPlan(await reportFor("healthy"), "cluster-ca");
    expect(plan?.notes.some((n) => n.startsWith("One control plane"))).toBe(true);
  });

  it("maps drop paths to node paths", () => {
    expect(nodePath("cp-2/etc/kubernetes/pki/ca.crt")).toBe("/etc/kubernetes/pki/ca.crt");
    expect(nodePath("etc/kubernetes/admin.conf#clusters/kubernetes")).toBe("/etc/kubernetes/admin.conf");
    expect(nodePath("backup/cp-1/pki/apiserver.crt")).toBe("/etc/kubernetes/pki/apiserver.crt");
  });
});

describe("formatRotationPlanText and formatRotationPlanMarkdown", () => {
  it("write the stand, every step and the commands; the runbook ticks what is done", async () => {
    const plan = await planFor("rotation/cluster-ca-2-reissuing", "cluster-ca");
    const text = formatRotationPlanText(plan);
    expect(text).toMatch(/^Rotation plan: the cluster CA \(cluster-ca\)/);
    expect(text).toContain(
      "Where the files stand: step 2 of 5 (reissue the leaves from the new CA); cp-1 3, cp-2 2, cp-3 2, worker-1 3, worker-2 3",
    );
    expect(text).toContain("2. Reissue the leaves from the new CA, node by node  [done on some nodes]");
    const markdown = formatRotationPlanMarkdown(plan);
    expect(markdown).toContain("- [x] **cp-1**");
    expect(markdown).toContain("- [ ] **cp-2**");
    expect(markdown).toContain(
      "  ```sh\n  cp -p /etc/kubernetes/pki/ca.crt /etc/kubernetes/pki/ca-old.crt\n",
    );
  });

  it("names from the input stay inert", async () => {
    const plan = await planFor("rotation/cluster-ca-done", "cluster-ca");
    const hostile = { ...plan, nodes: [{ node: "cp\u001b]8;;x\u0007-1", root: "cp-1", controlPlane: true }] };
    expect(formatRotationPlanText(hostile)).not.toMatch(/\u001b/);
  });
});
