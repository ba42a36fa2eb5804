import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { healthyClusterCa } from "../../scripts/bench/fixture-inputs";
import { generateWorkers, syntheticCluster } from "../../scripts/bench/synthetic-cluster";
import { PathIndex } from "../ingest/resolve-path";

describe("a client's own credential is never another node's file", () => {
  it("a worker whose kubelet.conf names a missing client certificate is unknown, with FILE_MISSING", async () => {
    const workers = await generateWorkers(4, healthyClusterCa(), globalThis.crypto);
    const files = syntheticCluster(readTree(fixtureDir("healthy")), workers, 4).filter(
      (file) => file.path !== "workers/node-3/var/lib/kubelet/pki/kubelet-client-current.pem",
    );
    const report = await analyze(files, { now: FIXTURE_NOW });
    const node3 = report.relationships.find((r) => r.key === "kubelet-client:node-3");
    expect(node3?.status).toBe("unknown");
    // Not node-1's certificate under node-3's kubeconfig: no second kubelet of node-1.
    expect(report.relationships.filter((r) => r.key.includes("#"))).toEqual([]);
    const missing = report.findings.filter((f) => f.code === "FILE_MISSING");
    expect(missing.map((f) => [f.severity, f.files])).toEqual([
      ["warning", ["workers/node-3/etc/kubernetes/kubelet.conf"]],
    ]);
    expect(
      report.relationships.filter((r) => r.key.startsWith("kubelet-client:") && r.status === "ok"),
    ).toHaveLength(4);
  });

  it("the path index takes a client's file from its own branch or not at all", () => {
    const ref = "/var/lib/kubelet/pki/kubelet-client-current.pem";
    const from = "nodes/node-3/etc/kubernetes/kubelet.conf";
    const other = "nodes/node-1/var/lib/kubelet/pki/kubelet-client-current.pem";
    const own = "nodes/node-3/var/lib/kubelet/pki/kubelet-client-current.pem";
    expect(new PathIndex([other, from]).resolve(ref, from, true)).toBeUndefined();
    // A bundle may still be borrowed from another node of the drop, as before.
    expect(new PathIndex([other, from]).resolve(ref, from)).toBe(other);
    expect(new PathIndex([other, own, from]).resolve(ref, from, true)).toBe(own);
    // A kubeconfig dropped above the node folders still finds a node's file.
    expect(new PathIndex([other]).resolve(ref, "kubelet.conf", true)).toBe(other);
  });
});
