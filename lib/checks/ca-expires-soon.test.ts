import { describe, expect, it } from "vitest";
import { reportWithDumps } from "../test-support/kubectl-dumps";
import { describeRule } from "../test-support/rule-cases";

describeRule("CA_EXPIRES_SOON", [
  {
    name: "front-proxy CA 271 days from expiry, inside the 365-day horizon",
    fixture: "ca-expires-soon",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/front-proxy-ca.crt",
      relationship: "front-proxy-client",
      detail:
        /2027-02-27 00:00 UTC, 271 days .*365-day CA horizon.*issued 1 certificate .*front-proxy-client\.crt.*1 relationship depends on it \(front-proxy-client\)/,
      count: 1,
    },
  },
  {
    name: "outside a 180-day horizon it is still due: 7 % of its ten years are left",
    fixture: "ca-expires-soon",
    caHorizonDays: 180,
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/front-proxy-ca.crt",
      detail: /only 7% of its lifetime/,
    },
  },
  {
    name: "silent with a 180-day horizon and a 5 % fraction",
    fixture: "ca-expires-soon",
    caHorizonDays: 180,
    warnFraction: 0.05,
  },
  {
    name: "the cluster CA a year before its end names every certificate and relationship it carries",
    fixture: "healthy",
    now: "2035-01-01T00:00:00Z",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/ca.crt",
      detail:
        /"CN=kubernetes" \(etc\/kubernetes\/pki\/ca\.crt\), also in etc\/kubernetes\/admin\.conf#clusters\/kubernetes.*issued 7 certificates.* and 3 more/,
      count: 3,
    },
  },
  { name: "healthy node: its kubelet's one-year self-signed CA is not a CA to rotate", fixture: "healthy" },
  {
    name: "healthy node at the end of the kubelet's self-signed pair: still not this rule's",
    fixture: "healthy",
    now: "2026-12-31T00:00:00Z",
  },
  { name: "real kubeadm output at its own date", fixture: "kubeadm-v1.20" },
  { name: "an expired CA is CERT_EXPIRED's", fixture: "healthy", now: "2036-01-01T00:00:00Z" },
]);

describe("CA_EXPIRES_SOON for CAs kept only in Secrets", () => {
  it.each([
    {
      name: "inside the 365-day horizon, as cert-manager's and webhooks' CAs always are: silent",
      now: undefined,
      want: [],
    },
    {
      name: "due by the thresholds (22 days of a year, 8 % of three years left): reported",
      now: "2026-12-10T00:00:00Z",
      want: ["CA internal-ca expires in 22 days", "CA Example Public CA R1 expires in 92 days"],
    },
  ])("$name", async ({ now, want }) => {
    const report = await reportWithDumps("healthy", ["secrets.yaml"], now);
    const found = report.findings.filter(
      (f) => f.code === "CA_EXPIRES_SOON" && f.files.every((p) => p.startsWith("secrets.yaml#")),
    );
    expect(found.map((f) => f.title)).toEqual(want);
  });
});
