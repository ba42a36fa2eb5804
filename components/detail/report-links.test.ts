import { describe, expect, it } from "vitest";
import { groupRelationships } from "@/lib/format/report-view";
import { reportFor } from "@/lib/test-support/fixtures";
import { withKubelets } from "../graph/synthetic-kubelets";
import {
  anchorReach,
  certificateFindingIndexes,
  componentRelationships,
  findingRelationships,
  keyPairsCarrying,
  orderedRelationships,
  relationshipTitle,
  usedByLinks,
} from "./report-links";

const keysOf = (relationships: { key: string }[]) => relationships.map((r) => r.key);

describe("report links on a kubeadm node whose admin.conf holds a stale CA", async () => {
  const report = await reportFor("stale-ca-admin-kubeconfig");
  const relationship = (key: string) => report.relationships.find((r) => r.key === key)!;
  const anchor = (role: string) => report.trustAnchors.find((a) => a.role === role)!;

  it("titles a relationship by its ends' display names", () => {
    expect(relationshipTitle(report, relationship("kubelet-client"))).toBe(
      "kubelet (control-1) → kube-apiserver",
    );
    expect(relationshipTitle(report, relationship("apiserver-serving"))).toBe("API clients → kube-apiserver");
  });

  it("splits a component's relationships by the end it plays", () => {
    const etcd = componentRelationships(report, "etcd");
    expect(keysOf(etcd.asClient)).toEqual(["etcd-peer"]);
    expect(keysOf(etcd.asServer)).toEqual([
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
    ]);
    const kubelet = componentRelationships(report, "kubelet:control-1");
    // TLS bootstrap belongs to the kubelet, unknown here since bootstrap-kubelet.conf is gone.
    expect(keysOf(kubelet.asClient)).toEqual(["kubelet-client", "kubelet-bootstrap"]);
    expect(keysOf(kubelet.asServer)).toEqual(["kubelet-serving", "apiserver-kubelet-client"]);
  });

  it("finds what the etcd CA anchors and issues", () => {
    const reach = anchorReach(report, anchor("etcd-ca"));
    expect(keysOf(reach.relationships)).toEqual([
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
    ]);
    expect(reach.certificates.map((c) => c.paths[0]).sort()).toEqual([
      "etc/kubernetes/pki/apiserver-etcd-client.crt",
      "etc/kubernetes/pki/etcd/healthcheck-client.crt",
      "etc/kubernetes/pki/etcd/peer.crt",
      "etc/kubernetes/pki/etcd/server.crt",
    ]);
  });

  it("finds the stale CA anchoring only admin.conf's view of the apiserver (and kubectl's connection) and issuing nothing here", () => {
    const stale = report.trustAnchors.find((a) =>
      a.paths.includes("etc/kubernetes/admin.conf#clusters/kubernetes"),
    )!;
    const reach = anchorReach(report, stale);
    expect(keysOf(reach.relationships)).toEqual(["apiserver-serving", "admin-client"]);
    expect(reach.certificates).toEqual([]);
  });

  it("links the service-account key pair to token signing", () => {
    expect(keysOf(anchorReach(report, anchor("service-account")).relationships)).toEqual([
      "service-account-signing",
    ]);
  });

  it("finds the key pair carrying token signing, and none for certificate or input-less relationships", () => {
    const ids = (key: string) => keyPairsCarrying(report, relationship(key)).map((anchor) => anchor.role);
    expect(ids("service-account-signing")).toEqual(["service-account"]);
    expect(ids("kubelet-serving")).toEqual([]);
    expect(ids("kubelet-bootstrap")).toEqual([]);
  });

  it("resolves usedBy entries by relationship key, then id, then component, else text", () => {
    const admin = report.certificates.find(
      (c) => c.role === "admin-client" && c.paths[0]?.startsWith("etc/kubernetes/admin"),
    )!;
    const patched = {
      ...admin,
      usedBy: ["admin-client", "admin-client", "kube-apiserver", "something-else"],
    };
    expect(
      usedByLinks(report, patched).map((link) =>
        link.kind === "relationship"
          ? link.relationship.key
          : link.kind === "component"
            ? link.component.id
            : link.text,
      ),
    ).toEqual(["admin-client", "kube-apiserver", "something-else"]);
    const byId = { ...admin, usedBy: ["kubelet-serving"] };
    expect(usedByLinks(report, byId).map((link) => link.kind)).toEqual(["relationship"]);
  });

  it("links a finding to its relationship and its certificates back to it", () => {
    const index = report.findings.findIndex((f) => f.code === "KUBECONFIG_CA_MISMATCH");
    // The serving side owns the finding; admin.conf's client cannot connect because of it.
    expect(keysOf(findingRelationships(report, index))).toEqual(["apiserver-serving", "admin-client"]);
    const apiserver = report.certificates.find((c) => c.role === "apiserver-serving")!;
    expect(certificateFindingIndexes(report, apiserver.id)).toEqual([index]);
  });
});

describe("orderedRelationships", () => {
  it.each(["kubeadm-v1.20", "demo", "layouts/kind-ha", "layouts/k3s", "exec-v1alpha1-kubeconfig"])(
    "orders %s as groupRelationships does, primary then secondary",
    async (name) => {
      const fixture = await reportFor(name);
      for (const report of [fixture, ...(name === "demo" ? [withKubelets(fixture, 30)] : [])]) {
        const { primary, secondary } = groupRelationships(report);
        expect(keysOf(orderedRelationships(report))).toEqual(keysOf([...primary, ...secondary]));
      }
    },
  );
});
