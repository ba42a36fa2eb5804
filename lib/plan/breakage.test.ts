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

describe("a day on which many nodes fail alike", () => {
  /**
   * The healthy report with `count` more kubelets (node-1 … node-N), each with a kubelet-client and
   * a kubelet-serving relationship, and one certificate every one of them relies on.
   */
  async function withNodes(count: number) {
    const report = await reportFor("healthy");
    const template = {
      client: report.relationships.find((relationship) => relationship.id === "kubelet-client"),
      serving: report.relationships.find((relationship) => relationship.id === "kubelet-serving"),
      kubelet: report.components.find((component) => component.kind === "kubelet"),
    };
    const { client, serving, kubelet } = template;
    if (!client || !serving || !kubelet) throw new Error("healthy has a kubelet and its relationships");
    const nodes = Array.from({ length: count }, (_, i) => `node-${count - i}`);
    const components = [
      ...report.components,
      ...nodes.map((node) => ({ ...kubelet, id: `kubelet:${node}`, node })),
    ];
    const relationships = nodes.flatMap((node) => [
      { ...client, key: `kubelet-client:${node}`, client: `kubelet:${node}` },
      { ...serving, key: `kubelet-serving:${node}`, server: `kubelet:${node}` },
    ]);
    const first = report.certificates[0];
    if (!first) throw new Error("healthy has certificates");
    const shared = { ...first, isCA: false, usedBy: relationships.map((relationship) => relationship.key) };
    return {
      report: { ...report, components, relationships: [...report.relationships, ...relationships] },
      shared,
    };
  }

  it("names three nodes in natural order and counts the rest", async () => {
    const { report, shared } = await withNodes(12);
    expect(dayImpact(report, [shared])).toBe(
      "the kubelets on 12 nodes (node-1, node-2, node-3 and 9 more) stop authenticating; " +
        "the kubelets' serving certificates on 12 nodes (node-1, node-2, node-3 and 9 more) are rejected where they are verified",
    );
  });

  it("names up to three nodes one by one", async () => {
    const { report, shared } = await withNodes(3);
    expect(dayImpact(report, [shared])).toBe(
      "the kubelet on node-3, the kubelet on node-2 and the kubelet on node-1 stop authenticating; " +
        "the kubelet's serving certificate on node-3 is rejected where it is verified; " +
        "the kubelet's serving certificate on node-2 is rejected where it is verified; " +
        "the kubelet's serving certificate on node-1 is rejected where it is verified",
    );
  });

  it("names the other clients beside the folded kubelets", async () => {
    const { report, shared } = await withNodes(40);
    const admin = report.relationships.find((relationship) => relationship.id === "admin-client");
    if (!admin) throw new Error("healthy has admin.conf");
    const both = { ...shared, usedBy: [admin.key, ...shared.usedBy] };
    expect(dayImpact(report, [both])).toMatch(
      /^kubectl \(admin\) and the kubelets on 40 nodes \(node-1, node-2, node-3 and 37 more\) stop authenticating; /,
    );
  });
});
