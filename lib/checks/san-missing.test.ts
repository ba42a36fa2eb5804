import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { CertificateRecord } from "../inventory";
import { fixtureDir, FIXTURE_NOW, readTree } from "../test-support/fixtures";
import { describeRule } from "../test-support/rule-cases";
import { coversHost } from "./san-missing";

describeRule("SAN_MISSING", [
  {
    name: "apiserver.crt without the advertise address",
    fixture: "san-missing-apiserver",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/apiserver.crt",
      relationship: "apiserver-serving",
      detail: /10\.0\.0\.10/,
    },
  },
  {
    name: "etcd peer cert without the member IP",
    fixture: "etcd-peer-san-missing",
    want: { severity: "error", file: "etc/kubernetes/pki/etcd/peer.crt", relationship: "etcd-peer" },
  },
  {
    name: "self-signed kubelet cert has no IP SAN once verified",
    fixture: "kubelet-ca-configured-self-signed",
    want: { severity: "error", file: "var/lib/kubelet/pki/kubelet.crt", relationship: "kubelet-serving" },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);

describe("coversHost", () => {
  const cert = {
    dnsNames: ["kubernetes.default.svc", "*.apps.example.com"],
    ipAddresses: ["10.96.0.1", "::1"],
  } as CertificateRecord;
  it.each([
    { host: "kubernetes.default.svc", want: true },
    { host: "KUBERNETES.default.svc", want: true },
    { host: "api.apps.example.com", want: true },
    { host: "a.b.apps.example.com", want: false },
    { host: "apps.example.com", want: false },
    { host: "10.96.0.1", want: true },
    { host: "10.96.0.2", want: false },
    { host: "::1", want: true },
    { host: "<node IP>", want: true },
  ])("$host → $want", ({ host, want }) => {
    expect(coversHost(cert, host)).toBe(want);
  });
});

// Regression: the fix said `--config kubeadm.yaml` whatever the drop held (kubeadm-config.yaml).
describe("SAN_MISSING's fix names the kubeadm configuration the drop has", () => {
  const files = readTree(fixtureDir("san-missing-apiserver"));
  const config = (path: string) => ({
    path,
    bytes: new TextEncoder().encode(
      "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\nkubernetesVersion: v1.29.2\n",
    ),
  });
  it.each([
    {
      name: "none in the drop: a placeholder that is plainly one",
      extra: [],
      want: "<your kubeadm config file>",
    },
    {
      name: "the drop's own file",
      extra: [config("etc/kubernetes/kubeadm-config.yaml")],
      want: "etc/kubernetes/kubeadm-config.yaml",
    },
    {
      name: "a path with a space, quoted",
      extra: [config("my node/kubeadm config.yaml")],
      want: "'my node/kubeadm config.yaml'",
    },
  ])("$name", async ({ extra, want }) => {
    const report = await analyze([...files, ...extra], { now: FIXTURE_NOW });
    const finding = report.findings.find(
      (f) => f.code === "SAN_MISSING" && f.relationship === "apiserver-serving",
    );
    expect(finding?.fix).toContain(`\`kubeadm init phase certs apiserver --config ${want}\``);
    expect(finding?.fix).not.toContain("kubeadm.yaml");
  });
});
