import { describe, expect, it } from "vitest";
import { PRIMARY_RELATIONSHIPS, SECONDARY_RELATIONSHIPS } from "../report";
import { reportFor } from "../test-support/fixtures";
import { plainText, type Segment } from "./segments";
import { tourSteps, type TourStep } from "./tour";

function segments(step: TourStep | undefined): Segment[] {
  return (step?.sections ?? []).flatMap((section) => section.body.flat());
}

function stepOf(steps: TourStep[], id: string): TourStep | undefined {
  return steps.find((step) => step.relationship === id);
}

describe("tourSteps", () => {
  it("walks the fifteen relationships in the catalogue's order, with the report's status", async () => {
    const report = await reportFor("healthy");
    const steps = tourSteps(report);
    expect(steps.map((step) => step.relationship)).toEqual([
      ...PRIMARY_RELATIONSHIPS,
      ...SECONDARY_RELATIONSHIPS,
    ]);
    for (const step of steps) {
      const relationship = report.relationships.find((candidate) => candidate.key === step.key);
      expect(step.status).toBe(relationship?.status);
      expect(step.sections.map((section) => section.heading)).toEqual([
        "Who talks",
        "What each presents",
        "What each trusts",
        "Who it is to the authorizer",
        "When it breaks",
      ]);
    }
  });

  it("quotes the healthy cluster's apiserver-etcd-client certificate: its CN, its file, its date", async () => {
    const steps = tourSteps(await reportFor("healthy"));
    const step = stepOf(steps, "apiserver-etcd-client");
    expect(step?.title).toBe("kube-apiserver → etcd: the apiserver's etcd client certificate");
    const values = segments(step).filter((segment) => segment.kind === "value");
    expect(values).toContainEqual({
      kind: "value",
      text: "etc/kubernetes/pki/apiserver-etcd-client.crt",
      source: "etc/kubernetes/pki/apiserver-etcd-client.crt",
    });
    expect(values.map((segment) => segment.text)).toContain("CN=kube-apiserver-etcd-client");
    expect(values.map((segment) => segment.text)).toContain("2027-01-01 00:00 UTC");
    const codes = segments(step)
      .filter((segment) => segment.kind === "code")
      .map((segment) => segment.text);
    expect(codes).toEqual(expect.arrayContaining(["--etcd-certfile", "--etcd-keyfile", "--trusted-ca-file"]));
  });

  it("names the identity the authorizer sees and the binding that lets it in", async () => {
    const steps = tourSteps(await reportFor("healthy"));
    const kubelet = stepOf(steps, "kubelet-client")?.sections[3];
    const said = plainText((kubelet?.body ?? []).flat());
    expect(said).toContain("The server sees user system:node:control-1 in groups system:nodes.");
    expect(said).toContain("--authorization-mode=Node,RBAC");
    const controllerManager = plainText(
      (stepOf(steps, "controller-manager-client")?.sections[3]?.body ?? []).flat(),
    );
    expect(controllerManager).toContain("ClusterRoleBinding system:kube-controller-manager");
  });

  it("lists the analysis' findings on the relationship under When it breaks", async () => {
    const steps = tourSteps(await reportFor("faults/wrong-ca-etcd-client"));
    const breaks = stepOf(steps, "apiserver-etcd-client")?.sections[4]?.body.flat() ?? [];
    expect(breaks).toContainEqual({ kind: "code", text: "CHAIN_UNTRUSTED" });
    expect(stepOf(steps, "apiserver-etcd-client")?.status).toBe("error");
  });

  it("says what a drop without kubelet files lacks (kubeadm v1.20 sample)", async () => {
    const step = stepOf(tourSteps(await reportFor("kubeadm-v1.20")), "kubelet-serving");
    expect(step?.status).toBe("unknown");
    const missing = segments(step).filter((segment) => segment.kind === "missing");
    expect(missing.map((segment) => segment.text)).toContain(
      "not in the files you dropped: cp-1: kubelet serving certificate",
    );
  });

  it("marks every relationship absent from a drop without Kubernetes wiring, naming the files that carry it", async () => {
    const steps = tourSteps(await reportFor("layouts/generic-mtls"));
    expect(steps).toHaveLength(15);
    for (const step of steps) {
      expect(step.status).toBe("absent");
      expect(step.key).toBeUndefined();
      expect(segments(step).some((segment) => segment.kind === "missing")).toBe(true);
    }
    const etcd = stepOf(steps, "etcd-peer");
    expect(plainText(etcd?.sections[0]?.body[0] ?? [])).toMatch(/^An etcd member replicates/);
  });

  it("shows the chosen instance of a per-node relationship and lists them all", async () => {
    const report = await reportFor("./demo");
    const first = stepOf(tourSteps(report), "kubelet-client");
    expect(first?.key).toBe("kubelet-client:control-1");
    expect(first?.instances).toEqual([
      { key: "kubelet-client:control-1", status: "ok" },
      { key: "kubelet-client:worker-1", status: "error" },
    ]);
    const chosen = stepOf(
      tourSteps(report, { instances: { "kubelet-client": "kubelet-client:worker-1" } }),
      "kubelet-client",
    );
    expect(chosen?.key).toBe("kubelet-client:worker-1");
    expect(chosen?.status).toBe("error");
    expect(chosen?.client).toBe("the kubelet on worker-1");
  });
});
