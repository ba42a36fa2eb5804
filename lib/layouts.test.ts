/**
 * Golden tests on the committed layouts of real installers (e2e/fixtures/layouts, made by the
 * scripts in scripts/fixtures/layouts from each project's own conventions): each is recognised as
 * its layout, a healthy one has no warning and no error, every relationship its files can judge is
 * ok and the rest unknown; each seeded defect (layouts-faults) is found on the right file, alone.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze";
import type { LayoutName, Report } from "./report";
import { essentials } from "./test-support/essentials";
import { FIXTURES, fixtureDir, problems, readTree } from "./test-support/fixtures";

const NOW = "2026-12-01T00:00:00Z";

interface LayoutCase {
  dir: string;
  layout: LayoutName;
  /** Relationship ids left unknown (inputs absent by the layout's design); all others must be ok. */
  unknown: string[];
  nodes?: string[];
}

const CONTROL_PLANE = [
  "etcd-peer",
  "etcd-serving",
  "apiserver-etcd-client",
  "etcd-healthcheck-client",
  "apiserver-serving",
  "controller-manager-client",
  "scheduler-client",
  "kube-proxy-client",
  "admin-client",
  "service-account-signing",
  "front-proxy-client",
  "kubelet-bootstrap",
];

const HEALTHY: LayoutCase[] = [
  {
    dir: "layouts/k3s",
    layout: "k3s",
    unknown: ["etcd-healthcheck-client", "kubelet-bootstrap"],
    nodes: ["agent-1", "server-1"],
  },
  {
    dir: "layouts/rke2",
    layout: "rke2",
    unknown: ["etcd-healthcheck-client", "kubelet-bootstrap"],
    nodes: ["agent-1", "server-1"],
  },
  {
    dir: "layouts/kind-ha",
    layout: "kind",
    unknown: ["kube-proxy-client", "kubelet-bootstrap"],
    nodes: [
      "kind-control-plane",
      "kind-control-plane2",
      "kind-control-plane3",
      "kind-worker",
      "kind-worker2",
    ],
  },
  {
    dir: "layouts/kubespray",
    layout: "kubespray",
    unknown: ["etcd-healthcheck-client", "kube-proxy-client", "kubelet-bootstrap"],
    nodes: ["node1", "node2", "node3"],
  },
  {
    dir: "layouts/minikube",
    layout: "minikube",
    unknown: ["kube-proxy-client", "kubelet-bootstrap"],
    nodes: ["minikube"],
  },
  {
    dir: "layouts/hard-way",
    layout: "hard-way",
    // Its etcd speaks plain HTTP on loopback, and it sets up no aggregation layer.
    unknown: [
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
      "front-proxy-client",
      "kubelet-bootstrap",
    ],
  },
  {
    dir: "layouts/hard-way-cfssl",
    layout: "hard-way",
    unknown: ["etcd-healthcheck-client", "front-proxy-client", "kubelet-bootstrap"],
  },
  {
    dir: "layouts/vault-hard-way",
    layout: "vault-hard-way",
    unknown: ["etcd-healthcheck-client", "kubelet-bootstrap"],
  },
  // A worker whose kubelet authenticates with an exec token: only its serving side is in files.
  {
    dir: "layouts/eks-node",
    layout: "eks",
    unknown: [...CONTROL_PLANE, "kubelet-client", "apiserver-kubelet-client"],
    nodes: ["ip-10-0-1-23.eu-west-1.compute.internal"],
  },
  {
    dir: "layouts/zipped-kubelet/tree",
    layout: "kubeadm",
    unknown: CONTROL_PLANE.concat("apiserver-kubelet-client"),
    nodes: ["worker-1"],
  },
];

interface FaultCase {
  dir: string;
  want: { code: string; severity: "error" | "warning"; file: string; relationship?: string }[];
}

const FAULTS: FaultCase[] = [
  {
    dir: "layouts-faults/kind-ha-sa-key-differs",
    want: [
      {
        code: "SA_KEY_DIFFERS",
        severity: "error",
        file: "kind-control-plane3/etc/kubernetes/pki/sa.key",
        relationship: "service-account-signing",
      },
    ],
  },
  {
    dir: "layouts-faults/k3s-expired-admin",
    want: [
      {
        code: "CERT_EXPIRED",
        severity: "error",
        file: "server-1/var/lib/rancher/k3s/server/tls/client-admin.crt",
      },
    ],
  },
  {
    dir: "layouts-faults/kubespray-etcd-member-san",
    want: [
      {
        code: "SAN_MISSING",
        severity: "error",
        file: "node2/etc/ssl/etcd/ssl/member-node2.pem",
        relationship: "etcd-peer",
      },
      {
        code: "SAN_MISSING",
        severity: "error",
        file: "node2/etc/ssl/etcd/ssl/member-node2.pem",
        relationship: "etcd-serving",
      },
    ],
  },
  {
    dir: "layouts-faults/hard-way-kubelet-wrong-ca",
    want: [
      {
        code: "CHAIN_BAD_SIGNATURE",
        severity: "error",
        file: "node-1/var/lib/kubelet/kubeconfig",
        relationship: "kubelet-client",
      },
      {
        code: "CHAIN_BAD_SIGNATURE",
        severity: "error",
        file: "node-1/var/lib/kubelet/kubelet.crt",
        relationship: "kubelet-serving",
      },
    ],
  },
  {
    dir: "layouts-faults/generic-mtls-client-no-eku",
    want: [{ code: "EKU_MISSING", severity: "error", file: "client.crt" }],
  },
  {
    dir: "layouts-faults/vault-shared-root-bundles",
    want: [
      {
        code: "CA_REUSED",
        severity: "warning",
        file: "controller-1/etc/k8s/etcd/ca.crt",
        relationship: "apiserver-etcd-client",
      },
      {
        code: "CA_REUSED",
        severity: "warning",
        file: "controller-1/etc/k8s/kube-apiserver/front-proxy-ca.crt",
        relationship: "front-proxy-client",
      },
    ],
  },
  {
    dir: "layouts-faults/eks-node-wrong-ca",
    want: [
      {
        code: "KUBECONFIG_CA_MISMATCH",
        severity: "error",
        file: "var/lib/kubelet/kubeconfig",
        relationship: "kubelet-client",
      },
    ],
  },
];

const reports = new Map<string, Promise<Report>>();
function reportOf(dir: string): Promise<Report> {
  let report = reports.get(dir);
  if (!report) {
    report = analyze(readTree(fixtureDir(dir)), { now: NOW });
    reports.set(dir, report);
  }
  return report;
}

/** The golden shape, with what names the layout and its nodes. */
function layoutEssentials(report: Report) {
  return { layout: report.layout, nodes: report.cluster.nodes, ...essentials(report) };
}

describe("healthy layouts: named, judged, no false alarm", () => {
  it.each(HEALTHY)("$dir", async ({ dir, layout, unknown, nodes }) => {
    const report = await reportOf(dir);
    expect(report.layout?.name).toBe(layout);
    expect(problems(report), JSON.stringify(problems(report), null, 2)).toEqual([]);
    if (nodes) expect(report.cluster.nodes).toEqual(nodes);
    const keys = report.relationships.map((r) => r.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    for (const r of report.relationships) {
      expect(`${r.key}: ${r.status}`).toBe(`${r.key}: ${unknown.includes(r.id) ? "unknown" : "ok"}`);
    }
    await expect(JSON.stringify(layoutEssentials(report), null, 2)).toMatchFileSnapshot(
      `__golden__/${dir.replace(/\//g, "--")}.json`,
    );
  });
});

describe("a folder that is not a cluster", () => {
  it("is generic mutual TLS: no Kubernetes role, only its certificates judged", async () => {
    const report = await reportOf("layouts/generic-mtls");
    expect(report.layout?.name).toBe("generic-mtls");
    expect(report.relationships).toEqual([]);
    expect(report.components).toEqual([]);
    expect(report.certificates.every((c) => c.role === undefined || c.role === "ca")).toBe(true);
    expect(problems(report)).toEqual([]);
    expect(report.summary.status).toBe("ok");
  });
});

describe("seeded defects in real layouts", () => {
  it.each(FAULTS)("$dir", async ({ dir, want }) => {
    const report = await reportOf(dir);
    const got = problems(report);
    for (const w of want) {
      const match = got.find(
        (f) =>
          f.code === w.code &&
          f.severity === w.severity &&
          f.files.some((p) => p === w.file || p.startsWith(`${w.file}#`)) &&
          (!w.relationship || f.relationship === w.relationship),
      );
      expect(match, `${w.code} on ${w.file} in ${JSON.stringify(got, null, 2)}`).toBeDefined();
    }
    expect(got).toHaveLength(want.length);
    await expect(JSON.stringify(layoutEssentials(report), null, 2)).toMatchFileSnapshot(
      `__golden__/${dir.replace(/\//g, "--")}.json`,
    );
  });
});

describe("one verdict through every archive of the same kubelet folder", () => {
  const dir = join(FIXTURES, "layouts", "zipped-kubelet");
  it.each(["node.tgz", "node.zip", "node-copied.zip"])("%s judges like the folder", async (name) => {
    const archive = await analyze([{ path: name, bytes: new Uint8Array(readFileSync(join(dir, name))) }], {
      now: NOW,
    });
    const tree = await reportOf("layouts/zipped-kubelet/tree");
    const shape = (r: Report) => ({
      layout: r.layout,
      relationships: r.relationships.map((x) => [x.key, x.status, x.findings]),
      findings: r.findings.map((f) => [f.code, f.severity, f.files]),
      certificates: r.certificates.map((c) => [c.id, c.paths]),
    });
    expect(shape(archive)).toEqual(shape(tree));
  });
});

describe("one node's backup dropped twice", () => {
  it("judges both copies apart, with unique relationships and no alarm", async () => {
    const healthy = readTree(fixtureDir("healthy"));
    const files = ["a", "b"].flatMap((copy) => healthy.map((f) => ({ ...f, path: `${copy}/${f.path}` })));
    const report = await analyze(files, { now: "2026-06-01T00:00:00Z" });
    const keys = report.relationships.map((r) => r.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(problems(report)).toEqual([]);
    expect(report.relationships.filter((r) => r.id === "kubelet-client").map((r) => r.status)).toEqual([
      "ok",
      "ok",
    ]);
  });
});
