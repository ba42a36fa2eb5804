import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { describeRule } from "../test-support/rule-cases";

describeRule("CERT_EXPIRES_SOON", [
  {
    name: "etcd client cert 19 days from expiry",
    fixture: "expires-soon-etcd-client",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/apiserver-etcd-client.crt",
      relationship: "apiserver-etcd-client",
      detail: /19 days/,
      count: 1,
    },
  },
  {
    name: "19 days left is outside a 10-day window and above 10 % of its 170-day life",
    fixture: "expires-soon-etcd-client",
    warnDays: 10,
  },
  {
    name: "15 days left of 170 is under 10 % of its life, whatever the window",
    fixture: "expires-soon-etcd-client",
    now: "2026-06-05T00:00:00Z",
    warnDays: 10,
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/apiserver-etcd-client.crt",
      detail: /9% of its lifetime/,
    },
  },
  {
    name: "15 days left of 170 is not due with a 5 % fraction and a 10-day window",
    fixture: "expires-soon-etcd-client",
    now: "2026-06-05T00:00:00Z",
    warnDays: 10,
    warnFraction: 0.05,
  },
  { name: "healthy node", fixture: "healthy" },
  {
    name: "real kubeadm output 20 days before the leaves expire",
    fixture: "kubeadm-v1.20",
    now: "2027-11-02T00:00:00Z",
    want: { severity: "warning", file: "pki/apiserver.crt", detail: /within the 30-day warning window/ },
  },
  { name: "real kubeadm output, a year of life left", fixture: "kubeadm-v1.20" },
  {
    name: "the kubelet's rotated client certificate near its end: rotation should have happened",
    fixture: "healthy",
    now: "2026-12-10T00:00:00Z",
    want: {
      severity: "warning",
      file: "var/lib/kubelet/pki/kubelet-client-current.pem",
      relationship: "kubelet-client",
      detail: /rotates this certificate itself between 70 % and 90 %.*should already have been replaced/,
    },
  },
  {
    name: "the kubelet's self-signed serving pair is one finding, with its CA",
    fixture: "healthy",
    now: "2026-12-10T00:00:00Z",
    want: {
      severity: "warning",
      file: "var/lib/kubelet/pki/kubelet.crt",
      relationship: "kubelet-serving",
      detail: /self-signed CA "CN=control-1-ca@1767225600".*expires with it/,
    },
  },
  {
    name: "ten-year CAs in their last 10 % are CA_EXPIRES_SOON's, not this rule's",
    fixture: "healthy",
    now: "2035-06-01T00:00:00Z",
  },
  { name: "a CA inside the CA horizon is not this rule's either", fixture: "ca-expires-soon" },
  { name: "a leaf that outlives its CA is not expiring soon", fixture: "leaf-outlives-issuer" },
]);

// The fix names the kubelet configuration file the drop has, not a path the tool assumes.
describe("CERT_EXPIRES_SOON's fix for a rotated kubelet certificate", () => {
  const files = readTree(fixtureDir("healthy"));
  it.each([
    { name: "the drop's kubelet config file", drop: files, want: "(var/lib/kubelet/config.yaml)" },
    {
      name: "no kubelet config in the drop: kubeadm's path, said to be kubeadm's",
      drop: files.filter((file) => file.path !== "var/lib/kubelet/config.yaml"),
      want: "(the kubelet's configuration file, /var/lib/kubelet/config.yaml under kubeadm)",
    },
  ])("$name", async ({ drop, want }) => {
    const report = await analyze(drop, { now: "2026-12-10T00:00:00Z" });
    const finding = report.findings.find(
      (f) =>
        f.code === "CERT_EXPIRES_SOON" && f.files.includes("var/lib/kubelet/pki/kubelet-client-current.pem"),
    );
    expect(finding?.fix).toContain(`\`rotateCertificates: true\` ${want}`);
  });
});
