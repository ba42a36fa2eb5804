/**
 * CERT_MANAGER_NOT_READY: the committed reports-api Certificate (Ready False) is a warning quoting
 * its condition; a Ready Certificate past its renewal time with the same certificate still in its
 * Secret is a warning; one without status is information; the Ready, unexpired widget-conversion
 * Certificate raises nothing.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { CLUSTER_OBJECT_DUMPS, clusterObjectDump, reportWithObjects } from "../test-support/cluster-objects";
import { FIXTURE_NOW } from "../test-support/fixtures";
import { utf8 } from "../test-support/pki-material";

async function withCertManager(change: (text: string) => string, now = FIXTURE_NOW) {
  const files = CLUSTER_OBJECT_DUMPS.map((name) => {
    const file = clusterObjectDump(name);
    return name === "cert-manager.yaml"
      ? { path: name, bytes: utf8(change(new TextDecoder().decode(file.bytes))) }
      : file;
  });
  return analyze(files, { now });
}

const notReady = (findings: { code: string; severity: string; title: string }[]) =>
  findings.filter((f) => f.code === "CERT_MANAGER_NOT_READY").map((f) => [f.severity, f.title]);

describe("CERT_MANAGER_NOT_READY", () => {
  it("the committed dumps: reports-api is not Ready, widget-conversion is", async () => {
    const report = await reportWithObjects();
    expect(notReady(report.findings)).toEqual([["warning", "Certificate example/reports-api is not Ready"]]);
    const finding = report.findings.find((f) => f.code === "CERT_MANAGER_NOT_READY");
    expect(finding?.detail).toContain(
      "its Ready condition is False since 2026-05-21 00:00 UTC (Failed: Issuing certificate",
    );
    expect(finding?.detail).toContain(
      'Secret example/reports-api-tls still holds "CN=reports-api.example.svc"',
    );
    expect(finding?.fix).toContain("cmctl renew -n example reports-api");
  });

  it("a Ready Certificate past its renewal time with its certificate unchanged is a warning", async () => {
    const report = await withCertManager((t) =>
      t.replace("renewalTime: 2027-01-30T00:00:00Z", "renewalTime: 2026-05-01T00:00:00Z"),
    );
    expect(notReady(report.findings)).toEqual([
      ["warning", "Certificate example/reports-api is not Ready"],
      ["warning", "Certificate example/widget-conversion is past its renewal time"],
    ]);
  });

  it("a Certificate without status yet is information", async () => {
    const report = await withCertManager((t) =>
      t.replace(
        / {2}status:\n {4}conditions:\n {4}- lastTransitionTime: 2026-05-21[\s\S]*?revision: 1\n/,
        "",
      ),
    );
    expect(notReady(report.findings)).toEqual([
      ["info", "Certificate example/reports-api has no Ready condition yet"],
    ]);
  });
});
