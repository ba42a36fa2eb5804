import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { issue, utf8 } from "../test-support/pki-material";
import { describeRule } from "../test-support/rule-cases";

describeRule("CERT_OUTLIVES_ISSUER", [
  {
    name: "apiserver.crt valid five months past ca.crt",
    fixture: "leaf-outlives-issuer",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/apiserver.crt",
      relationship: "apiserver-serving",
      detail:
        /"CN=kube-apiserver" \(etc\/kubernetes\/pki\/apiserver\.crt\) is valid until 2036-06-01 00:00 UTC, but the CA that signed it, "CN=kubernetes" \(etc\/kubernetes\/pki\/ca\.crt\), expires 2035-12-30 00:00 UTC.*stop accepting it when the CA expires, 154 days/,
      count: 1,
    },
  },
  {
    name: "still reported on the CA's last day",
    fixture: "leaf-outlives-issuer",
    now: "2035-12-29T00:00:00Z",
    want: { severity: "warning", file: "etc/kubernetes/pki/apiserver.crt" },
  },
  {
    name: "once the CA has expired it is CERT_EXPIRED's",
    fixture: "leaf-outlives-issuer",
    now: "2036-01-01T00:00:00Z",
  },
  { name: "healthy node: leaves end years before their CAs", fixture: "healthy" },
  { name: "the kubelet's self-signed pair ends together", fixture: "kubelet-ca-configured-self-signed" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
  {
    name: "a same-name CA that did not sign it is not its issuer",
    fixture: "stale-ca-scheduler-cert",
  },
  { name: "a CA expiring before its leaf's peers is not a leaf outliving it", fixture: "ca-expires-soon" },
]);

describe("CERT_OUTLIVES_ISSUER finds the issuer by signature", () => {
  it("ignores a same-name CA that expires first but did not sign the certificate", async () => {
    const impostor = await issue({
      subject: "CN=kubernetes",
      key: "RSA",
      ca: true,
      notAfter: new Date("2027-06-01T00:00:00Z"),
    });
    const ca = await issue({
      subject: "CN=kubernetes",
      key: "RSA",
      ca: true,
      notAfter: new Date("2035-12-30T00:00:00Z"),
    });
    const leaf = await issue({
      subject: "CN=kube-apiserver",
      issuer: ca,
      notAfter: new Date("2028-01-01T00:00:00Z"),
    });
    const files = [
      { path: "pki/a-old-ca.crt", bytes: utf8(impostor.pem) },
      { path: "pki/b-ca.crt", bytes: utf8(ca.pem) },
      { path: "pki/c-apiserver.crt", bytes: utf8(leaf.pem) },
    ];
    const report = await analyze(files, { now: "2026-06-01T00:00:00Z" });
    expect(report.findings.filter((f) => f.code === "CERT_OUTLIVES_ISSUER")).toEqual([]);

    const signedByShortCA = await issue({
      subject: "CN=kube-apiserver",
      issuer: impostor,
      notAfter: new Date("2028-01-01T00:00:00Z"),
    });
    const outliving = await analyze(
      [...files, { path: "pki/d-apiserver.crt", bytes: utf8(signedByShortCA.pem) }],
      {
        now: "2026-06-01T00:00:00Z",
      },
    );
    expect(outliving.findings.filter((f) => f.code === "CERT_OUTLIVES_ISSUER").map((f) => f.files)).toEqual([
      ["pki/d-apiserver.crt"],
    ]);
  });
});
