/**
 * What the report says about each end of a client relationship, on real fixtures: the CA bundle a
 * client verifies kube-apiserver with, and where a stale kubeconfig CA shows up.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze";
import type { Report } from "./report";
import { FIXTURE_NOW, fixtureDir, readTree } from "./test-support/fixtures";

async function reportOf(name: string): Promise<Report> {
  return analyze(readTree(fixtureDir(name)), { now: FIXTURE_NOW });
}

function relationship(report: Report, key: string) {
  const found = report.relationships.find((r) => r.key === key);
  if (!found) throw new Error(`no relationship ${key}`);
  return found;
}

describe("client ends of apiserver relationships", () => {
  it("name the kubeconfig CA each client verifies kube-apiserver with", async () => {
    const report = await reportOf("healthy");
    const cluster = report.trustAnchors.find((a) => a.role === "cluster-ca")?.certificateId;
    expect(cluster).toBeDefined();
    for (const [key, kubeconfig] of [
      ["kubelet-client", "etc/kubernetes/kubelet.conf"],
      ["admin-client", "etc/kubernetes/admin.conf"],
      ["scheduler-client", "etc/kubernetes/scheduler.conf"],
      ["controller-manager-client", "etc/kubernetes/controller-manager.conf"],
    ] as const) {
      const verifies = relationship(report, key).clientEnd.verifiesWith;
      expect(verifies?.source, key).toBe(`${kubeconfig}#clusters/kubernetes`);
      expect(verifies?.certificateIds, key).toEqual([cluster]);
    }
  });

  it("mark the client whose kubeconfig holds a stale CA as broken, not only the serving side", async () => {
    const report = await reportOf("stale-ca-admin-kubeconfig");
    const statuses = Object.fromEntries(report.relationships.map((r) => [r.key, r.status]));
    expect(statuses["apiserver-serving"]).toBe("error");
    expect(statuses["admin-client"]).toBe("error");
    expect(relationship(report, "admin-client").findings).toEqual(["KUBECONFIG_CA_MISMATCH"]);
    // The other clients' kubeconfigs carry the right CA.
    for (const key of ["scheduler-client", "controller-manager-client", "kubelet-client"])
      expect(statuses[key], key).toBe("ok");
  });
});
