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
  /** Single instances left unknown, by key (a token kubeconfig among certificate ones). */
  unknownKeys?: string[];
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
  // MicroK8s: dqlite behind a Unix socket (no etcd TLS); a worker joined with --worker, whose
  // control-plane args and credentials are left unread (args/kubelite --start-control-plane=false).
  {
    dir: "layouts/microk8s",
    layout: "microk8s",
    unknown: [
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
      "kubelet-bootstrap",
    ],
    nodes: ["microk8s-1", "microk8s-2"],
  },
  // RKE1: no flags on disk, its fixed /etc/kubernetes/ssl layout; one node identity shared by design.
  {
    dir: "layouts/rke1",
    layout: "rke1",
    unknown: ["etcd-healthcheck-client", "kubelet-bootstrap"],
    nodes: ["rke-cp-1", "rke-worker-1"],
  },
  // k0s: its control plane's flags are in memory; the kubelet's client CA is a copy under /run.
  {
    dir: "layouts/k0s",
    layout: "k0s",
    unknown: [
      "etcd-healthcheck-client",
      "kube-proxy-client",
      "apiserver-kubelet-client",
      "kubelet-bootstrap",
    ],
    nodes: ["controller-1", "worker-1"],
  },
  // OpenShift 4: flags in config.yaml files, container paths read through the pods' mounts, SNI
  // serving certificates, signers the operators rotate; OVN's kube-proxy and etcdctl use no file.
  {
    dir: "layouts/openshift",
    layout: "openshift",
    unknown: ["etcd-healthcheck-client", "kube-proxy-client"],
    // The cert syncer's kubeconfig authenticates with a service-account token.
    unknownKeys: [
      "admin-client:master-0/etc/kubernetes/static-pod-resources/kube-apiserver-pod-11/configmaps/kube-apiserver-cert-syncer-kubeconfig/kubeconfig",
    ],
    nodes: ["master-0"],
  },
  // Talos: the workstation's secrets.yaml, machine configs, talosconfig and kubeconfig; every leaf
  // but the admin's is issued on the nodes, so the admin's kubeconfig is all there is to wire.
  { dir: "layouts/talos", layout: "talos", unknown: ["admin-client"] },
  // The hard way with OpenSSL 3's `req -x509 -CA` defaults: every leaf says CA:TRUE (information).
  {
    dir: "layouts/openssl3-req-ca",
    layout: "hard-way",
    unknown: [
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "etcd-healthcheck-client",
      "front-proxy-client",
      "kubelet-bootstrap",
    ],
  },
  // A kubeadm worker alone: the control plane's relationships are said once, not listed.
  { dir: "layouts/worker-only", layout: "kubeadm", unknown: [], nodes: ["worker-1"] },
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
    dir: "layouts-faults/microk8s-ip-changed",
    want: [
      {
        code: "SAN_MISSING",
        severity: "error",
        file: "microk8s-1/var/snap/microk8s/current/certs/server.crt",
        relationship: "apiserver-serving",
      },
    ],
  },
  {
    dir: "layouts-faults/openshift-stale-bundle",
    want: [
      {
        code: "CHAIN_UNTRUSTED",
        severity: "error",
        file: "master-0/etc/kubernetes/static-pod-resources/kube-apiserver-certs/secrets/kubelet-client/tls.crt",
        relationship: "apiserver-kubelet-client",
      },
    ],
  },
  {
    dir: "layouts-faults/rke1-expired-leaves",
    want: [
      { code: "CERT_EXPIRED", severity: "error", file: "rke-cp-1/etc/kubernetes/ssl/kube-apiserver.pem" },
      { code: "CERT_EXPIRED", severity: "error", file: "rke-cp-1/etc/kubernetes/ssl/kube-node.pem" },
    ],
  },
  {
    dir: "layouts-faults/talos-foreign-ca-key",
    want: [{ code: "KEY_MISMATCH", severity: "error", file: "controlplane.yaml#cluster/ca/key" }],
  },
  {
    dir: "layouts-faults/unrecognised-broken",
    want: [{ code: "CERT_EXPIRED", severity: "error", file: "opt/acme/tls/kubelet-a.pem" }],
  },
  {
    dir: "layouts-faults/kubelet-conf-embedded-expired",
    want: [
      {
        code: "CERT_EXPIRED",
        severity: "error",
        file: "etc/kubernetes/kubelet.conf#users/system:node:worker-1",
        relationship: "kubelet-client",
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
  it.each(HEALTHY)("$dir", async ({ dir, layout, unknown, unknownKeys = [], nodes }) => {
    const report = await reportOf(dir);
    expect(report.layout?.name).toBe(layout);
    expect(problems(report), JSON.stringify(problems(report), null, 2)).toEqual([]);
    if (nodes) expect(report.cluster.nodes).toEqual(nodes);
    const keys = report.relationships.map((r) => r.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    for (const r of report.relationships) {
      const left = unknown.includes(r.id) || unknownKeys.includes(r.key);
      expect(`${r.key}: ${r.status}`).toBe(`${r.key}: ${left ? "unknown" : "ok"}`);
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

describe("what is said instead of a false alarm", () => {
  it("an unrecognised layout: said first, no role but what configuration names, nothing loud", async () => {
    const report = await reportOf("layouts/unrecognised");
    expect(report.layout?.recognised).toBe(false);
    expect(report.layout?.note).toMatch(
      /^layout not recognised: certificates, chains, key pairs and expiry are judged/,
    );
    // Its one kubeconfig is configuration: the admin's client, unknown without the apiserver's.
    expect(report.relationships.map((r) => `${r.key}: ${r.status}`)).toEqual(["admin-client: unknown"]);
    expect(problems(report)).toEqual([]);
    // Roles only for what the kubeconfig names; the files under opt/acme/tls get none.
    const files = report.certificates.filter((c) => c.paths.every((p) => p.startsWith("opt/acme/tls/")));
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((c) => c.role !== undefined)).toEqual([]);
    // No key pair taken for the service accounts' by what it holds, no claim that no control plane is here.
    expect(report.trustAnchors.filter((anchor) => anchor.role === "service-account")).toEqual([]);
    expect(report.notInDrop?.note).toMatch(
      /^no configuration in this drop names a control-plane component's files/,
    );
  });

  it("a key paired with a certificate by a shared file name alone is information", async () => {
    const report = await reportOf("layouts-faults/unrecognised-broken");
    const mismatch = report.findings.find((f) => f.code === "KEY_MISMATCH");
    expect(mismatch?.severity).toBe("info");
    expect(mismatch?.evidence?.[0]).toMatchObject({
      source: "guess",
      from: "the two files share the name front",
    });
  });

  it("a worker's folder alone: the control plane is said once, its relationships are not listed", async () => {
    const report = await reportOf("layouts/worker-only");
    expect(report.notInDrop?.note).toMatch(/no control plane/);
    expect(report.notInDrop?.relationships).toContain("apiserver-serving");
    expect(new Set(report.relationships.map((r) => r.id))).toEqual(
      new Set(["kubelet-client", "kubelet-serving"]),
    );
  });

  it("kubelet.conf embedding an expired first certificate: repoint it at the rotated one, one kubelet", async () => {
    const report = await reportOf("layouts-faults/kubelet-conf-embedded-expired");
    expect(report.relationships.filter((r) => r.id === "kubelet-client").map((r) => r.key)).toEqual([
      "kubelet-client",
    ]);
    const expired = report.findings.find((f) => f.code === "CERT_EXPIRED");
    expect(expired?.fix).toContain("client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem");
    expect(expired?.fix).toContain("systemctl restart kubelet");
    expect(expired?.fix).not.toMatch(/Issue a new certificate/);
  });

  it("leaves that say CA:TRUE are judged as leaves, with one information each", async () => {
    const report = await reportOf("layouts/openssl3-req-ca");
    expect(report.findings.filter((f) => f.code === "CA_EXPIRES_SOON")).toEqual([]);
    expect(report.findings.filter((f) => f.code === "CA_FLAG_UNUSED").length).toBeGreaterThan(5);
  });

  it("RKE1's shared node identity is information on its breadth, and its fixes name rke", async () => {
    const healthy = await reportOf("layouts/rke1");
    const identity = healthy.findings.filter((f) => f.code === "IDENTITY_MISMATCH");
    expect(identity.map((f) => f.severity)).toEqual(["info", "info"]);
    const expired = await reportOf("layouts-faults/rke1-expired-leaves");
    for (const finding of expired.findings.filter((f) => f.code === "CERT_EXPIRED"))
      expect(finding.fix).toContain("rke cert rotate --config cluster.yml");
  });

  it("MicroK8s's stale server.crt is found from csr.conf and fixed with refresh-certs", async () => {
    const report = await reportOf("layouts-faults/microk8s-ip-changed");
    const san = report.findings.find((f) => f.code === "SAN_MISSING");
    expect(san?.title).toContain("192.168.1.77");
    expect(san?.fix).toContain("microk8s refresh-certs --cert server.crt");
    expect(san?.evidence).toContainEqual(
      expect.objectContaining({ source: "configured", from: expect.stringContaining("args/kube-apiserver") }),
    );
  });

  it("OpenShift's stale bundle is fixed by refreshing the bundle, not by re-issuing the certificate", async () => {
    const report = await reportOf("layouts-faults/openshift-stale-bundle");
    const untrusted = report.findings.find((f) => f.code === "CHAIN_UNTRUSTED");
    expect(untrusted?.fix).toContain("openshift-config-managed/kube-apiserver-client-ca");
    expect(untrusted?.fix).toContain("Do not re-issue the certificate");
    expect(untrusted?.evidence?.map((e) => e.source)).toEqual(["configured", "configured"]);
  });
});
