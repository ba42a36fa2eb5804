/**
 * A file's name can never pass for a place inside another file: report paths percent-encode `#`
 * and `%` in file names, so `path#entry` always means an entry of `path`, in JSON, SARIF,
 * Prometheus and the page alike.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze";
import { formatPrometheus } from "./format/prometheus";
import { formatSarif } from "./format/sarif";
import { escapeFilePath, unescapeFilePath } from "./inventory";
import { FIXTURE_NOW, fixtureDir, readTree } from "./test-support/fixtures";

const node = readTree(fixtureDir("healthy"));
const file = (path: string) => node.find((f) => f.path === path)?.bytes ?? new Uint8Array();

describe("file names that imitate a place inside a file", () => {
  it("escapes only # and %, and undoes it", () => {
    for (const name of ["admin.conf#users", "pki/old#1.crt", "a%23b", "100%", "plain/ca.crt", "#", "%%##"]) {
      const escaped = escapeFilePath(name);
      expect(escaped).not.toContain("#");
      expect(unescapeFilePath(escaped)).toBe(name);
    }
    expect(escapeFilePath("a%23b")).not.toBe(escapeFilePath("a#b"));
  });

  it("a file named admin.conf#users is its own file, not admin.conf's users entry", async () => {
    const impostor = {
      path: "etc/kubernetes/admin.conf#users",
      bytes: file("etc/kubernetes/pki/apiserver.crt"),
    };
    const report = await analyze([...node, impostor], { now: FIXTURE_NOW });
    const cert = report.certificates.find((c) => c.paths.includes("etc/kubernetes/admin.conf%23users"));
    expect(cert?.paths).toContain("etc/kubernetes/pki/apiserver.crt");
    const json = JSON.stringify(report);
    expect(json).not.toMatch(/admin\.conf#users(?!\/)/);
    // The real admin.conf's entries are still its own.
    expect(json).toContain("etc/kubernetes/admin.conf#users/kubernetes-admin");
  });

  it("SARIF points at the file by its own name; Prometheus labels it so, never a cut-off folder", async () => {
    const old = {
      path: "etc/kubernetes/pki/old#1.crt",
      bytes: new TextEncoder().encode(
        "-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n",
      ),
    };
    const moved = { path: "etc/kubernetes/pki/moved#2.crt", bytes: file("etc/kubernetes/pki/ca.crt") };
    const report = await analyze([...node, old, moved], { now: FIXTURE_NOW });
    const sarif = JSON.parse(formatSarif(report)) as {
      runs: {
        results: {
          ruleId: string;
          locations: {
            physicalLocation: { artifactLocation: { uri: string } };
            logicalLocations?: unknown[];
          }[];
        }[];
      }[];
    };
    const parse = sarif.runs[0]?.results.find((r) => r.ruleId === "PARSE_ERROR");
    expect(parse?.locations[0]?.physicalLocation.artifactLocation.uri).toBe("etc/kubernetes/pki/old%231.crt");
    expect(parse?.locations[0]?.logicalLocations).toBeUndefined();
    const metrics = formatPrometheus(report);
    expect(metrics).toContain('filepath="etc/kubernetes/pki/moved#2.crt"');
    expect(metrics).not.toMatch(/filepath="etc\/kubernetes\/pki\/(old|moved)"/);
  });
});
