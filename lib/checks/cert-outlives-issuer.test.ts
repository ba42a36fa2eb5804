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

describe("CERT_OUTLIVES_ISSUER and the time it takes to issue", () => {
  /** A CA made at `caStart` for ten years and one leaf made `lagMs` later with the same lifetime. */
  async function madeTogether(lagMs: number) {
    const caStart = new Date("2026-01-01T00:00:00Z");
    const tenYears = (start: Date) => new Date(start.getTime() + 3653 * 86_400_000);
    const ca = await issue({
      subject: "CN=CA",
      key: "RSA",
      ca: true,
      notBefore: caStart,
      notAfter: tenYears(caStart),
    });
    const leafStart = new Date(caStart.getTime() + lagMs);
    const leaf = await issue({
      subject: "CN=admin",
      issuer: ca,
      notBefore: leafStart,
      notAfter: tenYears(leafStart),
    });
    const report = await analyze(
      [
        { path: "ca.pem", bytes: utf8(ca.pem) },
        { path: "admin.pem", bytes: utf8(leaf.pem) },
      ],
      { now: "2026-06-01T00:00:00Z" },
    );
    return report.findings.filter((f) => f.code === "CERT_OUTLIVES_ISSUER");
  }

  it.each([
    { name: "19 seconds, as a script makes them", lagMs: 19_000 },
    { name: "three hours, by hand over an afternoon", lagMs: 3 * 3_600_000 },
    { name: "a month of ten years (under 1 %)", lagMs: 30 * 86_400_000 },
  ])("is not reported for a leaf made $name after its CA", async ({ lagMs }) => {
    expect(await madeTogether(lagMs)).toEqual([]);
  });

  it("says the real difference, never rounded up", async () => {
    const found = await madeTogether(60 * 86_400_000 + 19_000);
    expect(found.map((f) => f.title)).toEqual(["admin is valid 60 days longer than its CA"]);
  });
});
