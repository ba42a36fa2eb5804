import { describe, expect, it } from "vitest";
import { reportFor, SAMPLE_NOW } from "../test-support/fixtures";
import { flows, type Flow, type FlowId } from "./flows";
import { plainText, type Segment } from "./segments";

function flowOf(all: Flow[], id: FlowId): Flow {
  const flow = all.find((candidate) => candidate.id === id);
  if (!flow) throw new Error(`no flow ${id}`);
  return flow;
}

function said(flow: Flow, index: number): string {
  return plainText((flow.steps[index]?.body ?? []).flat());
}

function segmentsOf(flow: Flow, index: number): Segment[] {
  return (flow.steps[index]?.body ?? []).flat();
}

describe("flows", () => {
  it("walks kubelet TLS bootstrap on a healthy node that has joined", async () => {
    const bootstrap = flowOf(flows(await reportFor("healthy")), "kubelet-bootstrap");
    expect(bootstrap.steps.map((step) => step.state)).toEqual([
      "skipped",
      undefined,
      undefined,
      undefined,
      "ok",
      "ok",
      "ok",
    ]);
    expect(said(bootstrap, 2)).toContain("kubernetes.io/kube-apiserver-client-kubelet");
    expect(said(bootstrap, 2)).toContain("The nodes in your files: control-1.");
    expect(said(bootstrap, 3)).toContain("kubeadm:node-autoapprove-certificate-rotation");
    expect(said(bootstrap, 4)).toContain(
      "The kubelet's client certificate in your files was signed by etc/kubernetes/pki/ca.crt (CN=kubernetes).",
    );
    expect(segmentsOf(bootstrap, 5)).toContainEqual({
      kind: "value",
      text: "O=system:nodes, CN=system:node:control-1",
      source: "var/lib/kubelet/pki/kubelet-client-current.pem",
    });
    expect(said(bootstrap, 6)).toContain(
      "Your certificate rotates between 2026-09-13 12:00 UTC and 2026-11-25 12:00 UTC.",
    );
  });

  it("flags a rotation window that has passed", async () => {
    const bootstrap = flowOf(flows(await reportFor("healthy", "2026-12-15T00:00:00Z")), "kubelet-bootstrap");
    expect(bootstrap.steps[6]?.state).toBe("warning");
  });

  it("tells an embedded kubelet certificate, which cannot rotate, from kubelet-client-current.pem", async () => {
    const bootstrap = flowOf(flows(await reportFor("kubeadm-v1.20", SAMPLE_NOW)), "kubelet-bootstrap");
    expect(said(bootstrap, 5)).toContain("embedded in its kubeconfig");
    expect(bootstrap.steps[6]?.state).toBe("unknown");
    expect(segmentsOf(bootstrap, 6).some((segment) => segment.kind === "missing")).toBe(true);
  });

  it("quotes a bootstrap token left on disk", async () => {
    const bootstrap = flowOf(flows(await reportFor("faults/bootstrap-token-left")), "kubelet-bootstrap");
    expect(bootstrap.steps[0]?.state).toBe("warning");
    expect(bootstrap.steps[0]?.files).toContain("etc/kubernetes/bootstrap-kubelet.conf");
    expect(segmentsOf(bootstrap, 0)).toContainEqual({ kind: "code", text: "BOOTSTRAP_TOKEN_LEFT" });
  });

  it("marks the signing step red when kube-controller-manager signs with a CA the apiserver does not trust", async () => {
    const bootstrap = flowOf(flows(await reportFor("faults/signing-ca-mismatch")), "kubelet-bootstrap");
    expect(bootstrap.steps[4]?.state).toBe("error");
    expect(segmentsOf(bootstrap, 4)).toContainEqual({ kind: "code", text: "SIGNING_CA_MISMATCH" });
  });

  it("tells which serving certificate each kubelet chose", async () => {
    const cases = [
      {
        fixture: "healthy",
        now: undefined,
        want: "control-1 serves var/lib/kubelet/pki/kubelet.crt, self-signed.",
      },
      {
        fixture: "layouts/eks-node",
        now: SAMPLE_NOW,
        want: "ip-10-0-1-23.eu-west-1.compute.internal serves var/lib/kubelet/pki/kubelet-server-current.pem, issued through a kubelet-serving CSR.",
      },
    ];
    for (const { fixture, now, want } of cases) {
      const serving = flowOf(flows(await reportFor(fixture, now)), "kubelet-serving");
      expect(said(serving, 0), fixture).toContain(want);
    }
  });

  it("shows whether kube-apiserver checks the kubelet's certificate", async () => {
    const cases = [
      { fixture: "healthy", want: "skipped" },
      { fixture: "faults/kubelet-ca-configured-self-signed", want: "error" },
    ];
    for (const { fixture, want } of cases) {
      const serving = flowOf(flows(await reportFor(fixture)), "kubelet-serving");
      expect(serving.steps[3]?.state, fixture).toBe(want);
      expect(said(serving, 3)).toContain("doesn't contain any IP SANs");
    }
  });

  it("follows service-account tokens from the key pair to the identity", async () => {
    const cases = [
      { fixture: "healthy", want: ["ok", "ok", undefined, "ok", undefined] },
      { fixture: "faults/sa-key-mismatch", want: ["error", "ok", undefined, "error", undefined] },
    ];
    for (const { fixture, want } of cases) {
      const tokens = flowOf(flows(await reportFor(fixture)), "service-account-tokens");
      expect(
        tokens.steps.map((step) => step.state),
        fixture,
      ).toEqual(want);
      expect(said(tokens, 0)).toContain("The public key in your files: etc/kubernetes/pki/sa.pub.");
      expect(said(tokens, 4)).toContain("system:serviceaccount:<namespace>:<name>");
    }
  });

  it("says what a drop without Kubernetes wiring lacks", async () => {
    const all = flows(await reportFor("layouts/generic-mtls", SAMPLE_NOW));
    for (const flow of all) {
      expect(
        flow.steps.some((step) => step.body.flat().some((segment) => segment.kind === "missing")),
        flow.id,
      ).toBe(true);
    }
  });
});

describe("the renewal and CA rotation flow", () => {
  it("quotes the cluster CA and its first leaf due, and walks the five steps of its plan", async () => {
    const flow = flows(await reportFor("healthy")).find((f) => f.id === "ca-rotation");
    expect(flow?.steps.map((s) => s.title)).toEqual([
      "A leaf is renewed, a CA is rotated",
      "Distribute the new cluster CA next to the old one",
      "Reissue the leaves from the new CA, node by node",
      "Switch the signer and the kubelets to the new CA",
      "Restart in a safe order",
      "Remove the old CA",
    ]);
    const first = JSON.stringify(flow?.steps[0]?.body);
    expect(first).toContain('"kind":"value","text":"CN=kubernetes"');
    expect(flow?.steps.every((s) => s.state === undefined)).toBe(true);
  });

  it("mid-rotation, marks how far each step got, and the step a mistake broke", async () => {
    const stages = await reportFor("rotation/cluster-ca-2-reissuing", "2026-12-01T00:00:00Z");
    expect(
      flows(stages)
        .find((f) => f.id === "ca-rotation")
        ?.steps.map((s) => s.state),
    ).toEqual([undefined, "ok", "warning", "skipped", undefined, "skipped"]);
    const mistake = await reportFor("rotation/etcd-ca-2-mistake-old-removed", "2026-12-01T00:00:00Z");
    const etcd = flows(mistake).find((f) => f.id === "ca-rotation");
    expect(etcd?.steps[1]?.title).toBe("Distribute the new etcd CA next to the old one");
    expect(etcd?.steps[5]?.state).toBe("error");
  });
});
