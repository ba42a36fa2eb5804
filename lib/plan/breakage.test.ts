import { describe, expect, it } from "vitest";
import { reportFor } from "../test-support/fixtures";
import { certificateBreaks, dayImpact, joinWords, relationshipBreakage } from "./breakage";

describe("joinWords", () => {
  const cases: { words: string[]; want: string }[] = [
    { words: [], want: "" },
    { words: ["kubectl"], want: "kubectl" },
    { words: ["kubectl", "kube-scheduler"], want: "kubectl and kube-scheduler" },
    { words: ["a", "b", "c"], want: "a, b and c" },
  ];
  it.each(cases)("$want", ({ words, want }) => {
    expect(joinWords(words)).toBe(want);
  });
});

describe("breakage on the healthy node", () => {
  it("words every relationship, naming the kubelet's node", async () => {
    const report = await reportFor("healthy");
    for (const relationship of report.relationships) {
      const breakage = relationshipBreakage(report, relationship);
      expect(breakage.text, relationship.key).not.toMatch(/undefined|kubelet:/);
      expect(breakage.short, relationship.key).not.toBe("");
    }
    const kubelet = report.relationships.find((relationship) => relationship.id === "kubelet-client");
    expect(kubelet && relationshipBreakage(report, kubelet)).toMatchObject({
      subject: "the kubelet on control-1",
      text: "the kubelet on control-1 can no longer authenticate to kube-apiserver: the node goes NotReady",
    });
  });

  it("names one client that stops authenticating in the singular", async () => {
    const report = await reportFor("healthy");
    const scheduler = report.certificates.filter((certificate) => certificate.role === "scheduler-client");
    expect(dayImpact(report, scheduler)).toBe("kube-scheduler stops authenticating");
  });

  it("says a CA takes what it signed with it, worst failure first", async () => {
    const report = await reportFor("healthy");
    const etcdCa = report.certificates.find((certificate) => certificate.role === "etcd-ca");
    if (!etcdCa) throw new Error("healthy has an etcd CA");
    expect(certificateBreaks(report, etcdCa)).toEqual([
      "every certificate it signed stops verifying",
      "kube-apiserver rejects etcd's certificate: the API goes down",
      "etcd rejects kube-apiserver's client certificate: the API goes down",
      "etcd members reject each other: a multi-member etcd loses quorum",
      "etcd rejects the healthcheck client certificate: etcdctl health checks fail",
    ]);
  });

  it("says when nothing relies on a certificate", async () => {
    const report = await reportFor("healthy");
    const first = report.certificates[0];
    if (!first) throw new Error("healthy has certificates");
    const unused = { ...first, usedBy: [], isCA: false };
    expect(certificateBreaks(report, unused)).toEqual(["nothing in the input relies on it"]);
    expect(dayImpact(report, [unused])).toBe("nothing in the input relies on them");
  });
});
