import { describe, expect, it } from "vitest";
import { reportFor } from "../test-support/fixtures";
import { handshake, type HandshakeStep, type StepId, type StepState } from "./handshake";
import { plainText } from "./segments";

type States = Record<StepId, StepState>;

function states(steps: HandshakeStep[] | undefined): Partial<States> {
  return Object.fromEntries((steps ?? []).map((step) => [step.id, step.state]));
}

const OK: States = {
  "server-presents": "ok",
  "client-verifies": "ok",
  "san-check": "ok",
  "client-presents": "ok",
  "server-verifies": "ok",
  authorizer: "ok",
};
const ETCD_OK: States = { ...OK, authorizer: "skipped" };

describe("handshake states on real fixtures", () => {
  const cases: { fixture: string; key: string; want: States; red?: { step: StepId; code: string } }[] = [
    { fixture: "healthy", key: "apiserver-etcd-client", want: ETCD_OK },
    { fixture: "healthy", key: "controller-manager-client", want: OK },
    {
      fixture: "faults/wrong-ca-etcd-client",
      key: "apiserver-etcd-client",
      want: { ...ETCD_OK, "server-verifies": "error" },
      red: { step: "server-verifies", code: "CHAIN_UNTRUSTED" },
    },
    {
      fixture: "faults/san-missing-apiserver",
      key: "apiserver-serving",
      want: {
        ...OK,
        "san-check": "error",
        "client-presents": "skipped",
        "server-verifies": "skipped",
        authorizer: "skipped",
      },
      red: { step: "san-check", code: "SAN_MISSING" },
    },
    {
      fixture: "faults/key-mismatch-apiserver",
      key: "apiserver-serving",
      want: {
        ...OK,
        "server-presents": "error",
        "client-presents": "skipped",
        "server-verifies": "skipped",
        authorizer: "skipped",
      },
      red: { step: "server-presents", code: "KEY_MISMATCH" },
    },
    {
      fixture: "faults/identity-kubelet-no-group",
      key: "kubelet-client",
      want: { ...OK, authorizer: "error" },
      red: { step: "authorizer", code: "IDENTITY_MISMATCH" },
    },
    {
      fixture: "faults/rbac-only-authorizer",
      key: "kubelet-client",
      want: { ...OK, authorizer: "error" },
      red: { step: "authorizer", code: "NODE_AUTHORIZER_DISABLED" },
    },
    {
      fixture: "faults/stale-ca-admin-kubeconfig",
      key: "admin-client",
      want: { ...OK, "client-verifies": "error" },
      red: { step: "client-verifies", code: "KUBECONFIG_CA_MISMATCH" },
    },
    {
      fixture: "faults/stale-ca-scheduler-cert",
      key: "scheduler-client",
      want: { ...OK, "server-verifies": "error" },
      red: { step: "server-verifies", code: "CHAIN_BAD_SIGNATURE" },
    },
    {
      fixture: "faults/eku-etcd-server",
      key: "etcd-serving",
      want: { ...ETCD_OK, "server-presents": "error" },
      red: { step: "server-presents", code: "EKU_MISSING" },
    },
    {
      fixture: "faults/etcd-peer-san-missing",
      key: "etcd-peer",
      want: { ...ETCD_OK, "san-check": "error" },
      red: { step: "san-check", code: "SAN_MISSING" },
    },
    {
      fixture: "faults/kubelet-ca-configured-self-signed",
      key: "kubelet-serving",
      want: { ...OK, "client-verifies": "error", "san-check": "error" },
      red: { step: "client-verifies", code: "CHAIN_UNTRUSTED" },
    },
    {
      fixture: "faults/sa-key-mismatch",
      key: "service-account-signing",
      want: {
        "server-presents": "skipped",
        "client-verifies": "skipped",
        "san-check": "skipped",
        "client-presents": "ok",
        "server-verifies": "error",
        authorizer: "skipped",
      },
      red: { step: "server-verifies", code: "SA_KEY_MISMATCH" },
    },
    {
      // A bootstrap token is no certificate: nothing for the apiserver to verify by chain.
      fixture: "faults/bootstrap-token-left",
      key: "kubelet-bootstrap",
      want: { ...OK, "client-presents": "warning", "server-verifies": "skipped" },
    },
    {
      // kubeadm's default: kube-apiserver has no --kubelet-certificate-authority.
      fixture: "healthy",
      key: "kubelet-serving",
      want: { ...OK, "client-verifies": "skipped", "san-check": "skipped" },
    },
    {
      // An EKS kubeconfig in the drop: its server is not this node's apiserver, its token an exec plugin's.
      fixture: "faults/exec-v1alpha1-kubeconfig",
      key: "admin-client:home/admin/.kube/config",
      want: {
        "server-presents": "unknown",
        "client-verifies": "unknown",
        "san-check": "unknown",
        "client-presents": "error",
        "server-verifies": "skipped",
        authorizer: "unknown",
      },
      red: { step: "client-presents", code: "EXEC_PLUGIN_API_REMOVED" },
    },
  ];

  it.each(cases)("$fixture $key", async ({ fixture, key, want, red }) => {
    const report = await reportFor(fixture);
    const steps = handshake(report, key);
    expect(states(steps)).toEqual(want);
    if (red) {
      const step = steps?.find((candidate) => candidate.id === red.step);
      expect(step?.findings.map((index) => report.findings[index]?.code)).toContain(red.code);
      expect(step?.body.flat().some((segment) => segment.kind === "code" && segment.text === red.code)).toBe(
        true,
      );
    }
  });
});

describe("handshake evidence", () => {
  it("quotes the presented certificate and the files each step reads", async () => {
    const report = await reportFor("healthy");
    const steps = handshake(report, "apiserver-etcd-client") ?? [];
    const client = steps.find((step) => step.id === "client-presents");
    expect(client?.files).toEqual([
      "etc/kubernetes/pki/apiserver-etcd-client.crt",
      "etc/kubernetes/pki/apiserver-etcd-client.key",
    ]);
    const values = client?.body.flat().filter((segment) => segment.kind === "value") ?? [];
    expect(values).toContainEqual({
      kind: "value",
      text: "CN=kube-apiserver-etcd-client",
      source: "etc/kubernetes/pki/apiserver-etcd-client.crt",
    });
    // The server half is etcd's serving certificate, read from etcd-serving.
    const server = steps.find((step) => step.id === "server-presents");
    expect(server?.judgedOn).toBe("etcd-serving");
    expect(server?.files).toContain("etc/kubernetes/pki/etcd/server.crt");
  });

  it("is unknown with a missing segment where the drop lacks the kubelet's files (kubeadm v1.20 sample)", async () => {
    const report = await reportFor("kubeadm-v1.20");
    const steps = handshake(report, "apiserver-kubelet-client") ?? [];
    const server = steps.find((step) => step.id === "server-presents");
    expect(server?.state).toBe("unknown");
    const verifies = steps.find((step) => step.id === "server-verifies");
    expect(verifies?.state).toBe("unknown");
    const missing = verifies?.body.flat().filter((segment) => segment.kind === "missing") ?? [];
    expect(missing.map((segment) => segment.text)).toEqual([
      "not in the files you dropped: kubelet config.yaml (authentication.x509.clientCAFile)",
    ]);
  });

  it("says why a step is skipped before what the step would be", async () => {
    const report = await reportFor("healthy");
    const steps = handshake(report, "service-account-signing") ?? [];
    for (const step of steps.filter((candidate) => candidate.state === "skipped"))
      expect(plainText(step.body[0] ?? [])).toMatch(/^Does not apply/);
  });

  it("puts one kubelet's fault on that kubelet only", async () => {
    const report = await reportFor("./demo");
    expect(states(handshake(report, "kubelet-client:worker-1")).authorizer).toBe("error");
    expect(states(handshake(report, "kubelet-client:control-1")).authorizer).toBe("ok");
  });

  it("is undefined for a key the report does not have", async () => {
    expect(handshake(await reportFor("healthy"), "no-such-relationship")).toBeUndefined();
  });
});
