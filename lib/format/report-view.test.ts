import { describe, expect, it } from "vitest";
import type { ReportRelationship } from "../report";
import {
  certificatesByExpiry,
  componentName,
  groupRelationships,
  presentedCertificates,
  relationshipFindings,
  unattachedFindings,
} from "./report-view";
import { sampleReport } from "./sample-report";

function relationshipOf(key: string): ReportRelationship {
  const found = sampleReport().relationships.find((relationship) => relationship.key === key);
  if (!found) throw new Error(`sample report lacks ${key}`);
  return found;
}

describe("groupRelationships", () => {
  it("orders by the catalogue and keeps per-node instances in report order", () => {
    const report = sampleReport();
    const template = relationshipOf("kubelet-serving:cp-1");
    const second = { ...template, key: "kubelet-serving:cp-2" };
    const stranger = { ...template, id: "future-edge", key: "future-edge" } as unknown as ReportRelationship;
    const groups = groupRelationships({
      ...report,
      relationships: [stranger, ...report.relationships, second],
    });
    expect(groups.primary.map((relationship) => relationship.key)).toEqual([
      "etcd-peer",
      "apiserver-serving",
      "admin-client",
      "kubelet-serving:cp-1",
      "kubelet-serving:cp-2",
    ]);
    expect(groups.secondary.map((relationship) => relationship.key)).toEqual([
      "front-proxy-client",
      "future-edge",
    ]);
  });
});

describe("presentedCertificates", () => {
  const cases: { key: string; want: string[] }[] = [
    { key: "etcd-peer", want: ["c-peer"] },
    { key: "apiserver-serving", want: ["c-api"] },
    { key: "front-proxy-client", want: [] },
  ];
  it.each(cases)("$key presents $want", ({ key, want }) => {
    expect(
      presentedCertificates(sampleReport(), relationshipOf(key)).map((certificate) => certificate.id),
    ).toEqual(want);
  });
});

describe("findings", () => {
  it("drops refs that point past the findings list", () => {
    const relationship = { ...relationshipOf("apiserver-serving"), findingRefs: [0, 99] };
    expect(relationshipFindings(sampleReport(), relationship).map(({ index }) => index)).toEqual([0]);
  });
  it("finds the findings no relationship refers to, most severe first", () => {
    const report = sampleReport();
    const extra = { ...report.findings[3]!, code: "WEAK_KEY" as const, severity: "error" as const };
    const got = unattachedFindings({ ...report, findings: [...report.findings, extra] });
    expect(got.map(({ finding }) => finding.code)).toEqual(["WEAK_KEY", "PARSE_ERROR"]);
  });
});

describe("certificatesByExpiry and componentName", () => {
  it("sorts soonest first", () => {
    expect(certificatesByExpiry(sampleReport()).map((certificate) => certificate.id)).toEqual([
      "c-api",
      "c-admin",
      "c-pipe",
      "c-peer",
      "c-ca",
    ]);
  });
  const names: { id: string; want: string }[] = [
    { id: "kubelet:cp-1", want: "kubelet (cp-1)" },
    { id: "admin", want: "kubectl (admin.conf)" },
    { id: "clients", want: "clients" },
  ];
  it.each(names)("names $id", ({ id, want }) => {
    expect(componentName(sampleReport(), id)).toBe(want);
  });
});
