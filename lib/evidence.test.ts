/**
 * Evidence before verdict, held on every committed fixture: every node of every layout, every
 * generated fault variant and every seeded layout defect. A warning or an error never rests on a
 * guess (a file taken by its name or by what its certificate says), a relationship coloured amber
 * or red never rests on one either, and every loud finding about a relationship says what it rests on.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze";
import { gateOnEvidence } from "./engine/evidence-gate";
import type { ClusterModel, RelationshipWiring } from "./cluster/model";
import type { Finding, Report } from "./report";
import { FIXTURES, FIXTURE_NOW, SAMPLE_NOW, fixtureDir, readTree } from "./test-support/fixtures";

const list = (folder: string) =>
  readdirSync(join(FIXTURES, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}`)
    .sort();

/** Each fixture with the date it is judged at (the layout folders are dated for SAMPLE_NOW). */
const CASES: [string, string][] = [
  ...["healthy", "demo"].map((name): [string, string] => [name, FIXTURE_NOW]),
  ["kubeadm-v1.20", SAMPLE_NOW],
  ...list("faults").map((name): [string, string] => [name, FIXTURE_NOW]),
  ...list("layouts").map((name): [string, string] => [name, SAMPLE_NOW]),
  ...list("layouts-faults").map((name): [string, string] => [name, SAMPLE_NOW]),
  ...["kubeadm-renewed-not-restarted", "kubeadm-served-healthy"].map((name): [string, string] => [
    `served/${name}`,
    FIXTURE_NOW,
  ]),
];

function guesses(report: Report): string[] {
  const problems: string[] = [];
  for (const finding of report.findings) {
    if (finding.severity === "info") continue;
    for (const evidence of finding.evidence ?? [])
      if (evidence.source === "guess")
        problems.push(
          `${finding.severity} ${finding.code} rests on a guess: ${evidence.fact} (${evidence.from})`,
        );
  }
  for (const relationship of report.relationships) {
    if (relationship.status !== "error" && relationship.status !== "warning") continue;
    for (const evidence of relationship.evidence ?? [])
      if (evidence.source === "guess")
        problems.push(`${relationship.key} is ${relationship.status} on a guess: ${evidence.fact}`);
  }
  return problems;
}

describe("no warning or error rests on a guess", () => {
  it.each(CASES)("%s", async (name, now) => {
    const report = await analyze(readTree(fixtureDir(name)), { now });
    expect(guesses(report)).toEqual([]);
    for (const finding of report.findings) {
      const aboutRelationship = finding.relationship !== undefined || finding.relationshipKey !== undefined;
      if (finding.severity === "info" || !aboutRelationship || finding.evidence) continue;
      // A finding about a relationship that carries no evidence is one about a certificate alone.
      expect([
        "CERT_EXPIRED",
        "CERT_EXPIRES_SOON",
        "CERT_NOT_YET_VALID",
        "CA_EXPIRES_SOON",
        "CERT_OUTLIVES_ISSUER",
        "WEAK_KEY",
        "WEAK_SIGNATURE",
      ]).toContain(finding.code);
    }
  });
});

describe("the evidence gate", () => {
  const wiring = (source: "configured" | "guess"): RelationshipWiring => ({
    id: "apiserver-serving",
    key: "apiserver-serving",
    primary: true,
    client: "clients",
    server: "kube-apiserver",
    summary: "",
    clientVerifiers: [],
    serverVerifiers: [],
    clientEku: [],
    serverEku: [],
    dialedNames: [],
    subjectCertIds: [],
    missing: [],
    evidence: [{ fact: "kube-apiserver presents server.crt", source, from: "its name" }],
  });
  const model = (source: "configured" | "guess") =>
    ({ wirings: [wiring(source)] }) as unknown as ClusterModel;
  const finding: Finding = {
    code: "SAN_MISSING",
    severity: "error",
    title: "t",
    detail: "d",
    relationship: "apiserver-serving",
    files: ["server.crt"],
  };
  const relationshipScoped = () => false;

  it("lowers a finding on a guessed wiring to info, saying which guess", () => {
    const [gated] = gateOnEvidence([finding], model("guess"), relationshipScoped);
    expect(gated?.severity).toBe("info");
    expect(gated?.detail).toMatch(/rests on a guess \(kube-apiserver presents server\.crt: its name\)/);
    expect(gated?.evidence?.[0]?.source).toBe("guess");
  });

  it("keeps a finding on a configured wiring, with its evidence", () => {
    const [gated] = gateOnEvidence([finding], model("configured"), relationshipScoped);
    expect(gated?.severity).toBe("error");
    expect(gated?.evidence?.[0]?.source).toBe("configured");
  });

  it("passes a finding about a certificate alone, whatever its wiring rests on", () => {
    const expired: Finding = { ...finding, code: "CERT_EXPIRED" };
    const [gated] = gateOnEvidence([expired], model("guess"), () => true);
    expect(gated).toBe(expired);
  });

  it("judges a finding by the facts its rule named, not by its wiring's", () => {
    const named: Finding = {
      ...finding,
      evidence: [{ fact: "k is the key of c", source: "guess", from: "shared file stem" }],
    };
    expect(gateOnEvidence([named], model("configured"), () => true)[0]?.severity).toBe("info");
  });
});
