import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { formatTable } from "../format/table";
import { renewalPlan } from "../plan/renewal-plan";
import { FIXTURES, fixtureDir, FIXTURE_NOW, readTree, reportFor } from "../test-support/fixtures";

const RENEWED = "served/kubeadm-renewed-not-restarted";
const HEALTHY = "served/kubeadm-served-healthy";

describe("SERVED_CERT_DIFFERS", () => {
  it("a renewed apiserver.crt while kube-apiserver serves the old one: a warning with the served expiry and the restart", async () => {
    const report = await reportFor(RENEWED);
    const loud = report.findings.filter((f) => f.severity !== "info");
    expect(loud.map((f) => [f.code, f.severity, f.relationship])).toEqual([
      ["SERVED_CERT_DIFFERS", "warning", "apiserver-serving"],
    ]);
    const [finding] = loud;
    expect(finding?.detail).toContain("valid until 2027-01-01");
    expect(finding?.detail).toContain("etc/kubernetes/pki/apiserver.crt");
    expect(finding?.fix).toContain("mv /etc/kubernetes/manifests/kube-apiserver.yaml /etc/kubernetes/");
    expect(finding?.files).toEqual(["etc/kubernetes/pki/apiserver.crt", "served/apiserver-s_client.txt"]);
    expect(finding?.evidence?.[0]).toMatchObject({
      source: "configured",
      from: expect.stringContaining("--secure-port=6443"),
    });
    const edge = report.relationships.find((r) => r.key === "apiserver-serving");
    expect(edge?.status).toBe("warning");
    expect(edge?.served).toMatchObject({
      sameAsDisk: false,
      trusted: true,
      leaf: { notAfter: "2027-01-01T00:00:00.000Z" },
    });
  });

  it("once the served certificate has expired, an error", async () => {
    const report = await analyze(readTree(fixtureDir(RENEWED)), { now: "2027-01-15T00:00:00Z" });
    const finding = report.findings.find((f) => f.code === "SERVED_CERT_DIFFERS");
    expect(finding?.severity).toBe("error");
    expect(finding?.title).toContain("an expired one");
  });

  it("the plan dates apiserver.crt by the certificate served, not the renewed file", async () => {
    const plan = renewalPlan(await reportFor(RENEWED));
    const item = plan.days.flatMap((d) => d.items).find((i) => i.label === "apiserver.crt");
    expect(item?.notAfter).toBe("2027-01-01T00:00:00.000Z");
    expect(item?.note).toContain("kube-apiserver still serves");
    // What is due is the restart, not another renewal of a file that is already new.
    expect(item?.runnable).toBe(false);
    expect(item?.command).toMatch(/^nothing to renew: apiserver\.crt on disk is valid until 2027-05-25/);
    expect(plan.commands).not.toContain("kubeadm certs renew apiserver");
    expect(plan.commands.some((command) => command.includes("kube-apiserver.yaml"))).toBe(true);
  });

  it("served certificates are not inventory certificates: the same count and one CERT_EXPIRED, as without them", async () => {
    const files = readTree(fixtureDir(RENEWED));
    const without = files.filter((f) => !f.path.startsWith("served/"));
    const at = "2027-01-15T00:00:00Z";
    const [withServed, withoutServed] = await Promise.all([
      analyze(files, { now: at }),
      analyze(without, { now: at }),
    ]);
    expect(withServed.certificates.map((c) => c.id)).toEqual(withoutServed.certificates.map((c) => c.id));
    const expired = (r: typeof withServed) =>
      r.findings.filter((f) => f.code === "CERT_EXPIRED").map((f) => f.files);
    expect(expired(withServed)).toEqual(expired(withoutServed));
    expect(withoutServed.servedChains).toBeUndefined();
  });

  it("in an HA drop, a chain collected in cp-2's folder is judged against cp-2's files alone", async () => {
    const files = readTree(fixtureDir("rotation/cluster-ca-done"));
    const capture = readFileSync(join(FIXTURES, "served", "s_client", "openssl3-showcerts.txt"));
    files.push({ path: "cp-2/served/6443.txt", bytes: new Uint8Array(capture) });
    const report = await analyze(files, { now: "2026-12-01T00:00:00Z" });
    const served = report.findings.filter((f) => f.code.startsWith("SERVED_"));
    expect(served.map((f) => [f.code, f.relationshipKey])).toEqual([
      ["SERVED_CHAIN_UNTRUSTED", "apiserver-serving@cp-2"],
      ["SERVED_CERT_DIFFERS", "apiserver-serving@cp-2"],
    ]);
    expect(report.relationships.filter((r) => r.served).map((r) => r.key)).toEqual([
      "apiserver-serving@cp-2",
    ]);
  });

  it("served = on disk: no warning, no error, and the edges say so", async () => {
    const report = await reportFor(HEALTHY, FIXTURE_NOW);
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
    for (const key of ["apiserver-serving", "etcd-serving"]) {
      const edge = report.relationships.find((r) => r.key === key);
      expect(edge?.status).toBe("ok");
      expect(edge?.served).toMatchObject({ sameAsDisk: true, trusted: true, outcome: "ok" });
    }
    expect(formatTable(report, { color: false })).toContain(
      "served = on disk: 127.0.0.1:6443 (served/kube-apiserver-6443.pem)",
    );
  });
});
