import { describe, expect, it } from "vitest";
import type { CertificateRecord } from "../inventory";
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
