import { describe, expect, it } from "vitest";
import { issue } from "../test-support/pki-material";
import { judgeCsrs, type TestCsr } from "../test-support/csr-dump";

const SERVING = "kubernetes.io/kubelet-serving";
const CLIENT = "kubernetes.io/kube-apiserver-client-kubelet";
const node = (name: string) => `system:node:${name}`;
const serving = (name: string, created: string, extra: Partial<TestCsr> = {}): TestCsr => ({
  name,
  signer: SERVING,
  cn: node("control-1"),
  dns: ["control-1"],
  ips: ["10.0.0.10"],
  created,
  ...extra,
});
const approved = {
  type: "Approved" as const,
  reason: "ManualApproval",
  message: "ok",
  at: "2026-05-31T23:00:00Z",
};

interface Case {
  name: string;
  csrs: () => Promise<TestCsr[]> | TestCsr[];
  withNode?: boolean;
  want: { severity: string; title: string; relationshipKey?: string; detail?: RegExp; fix?: RegExp }[];
}

const cases: Case[] = [
  {
    name: "a pending kubelet-serving CSR of the dropped node: a warning on its kubelet-serving relationship",
    csrs: () => [serving("csr-a", "2026-05-31T22:55:00Z")],
    want: [
      {
        severity: "warning",
        title: "Kubelet serving CSR csr-a of control-1 is pending",
        relationshipKey: "kubelet-serving",
        detail:
          /csr\.yaml#csr\/csr-a: the kubelet of control-1 \(system:node:control-1\) asks kubernetes\.io\/kubelet-serving .*\(DNS:control-1, IP:10\.0\.0\.10\), created 2026-05-31 22:55 UTC, 1 hour before the judge date.*kubectl logs, exec and port-forward/,
        fix: /names DNS:control-1, IP:10\.0\.0\.10.*`kubectl certificate approve csr-a`/,
      },
    ],
  },
  {
    name: "retries: one finding, about the newest, naming the older ones",
    csrs: () => [
      serving("csr-old", "2026-05-31T22:25:00Z"),
      serving("csr-new", "2026-05-31T22:55:00Z"),
      serving("csr-mid", "2026-05-31T22:40:00Z"),
    ],
    want: [
      {
        severity: "warning",
        title: "Kubelet serving CSR csr-new of control-1 is pending",
        relationshipKey: "kubelet-serving",
        detail: /2 older ones \(csr-mid, csr-old\) can be left to expire/,
      },
    ],
  },
  {
    name: "a node the input has no kubelet of: still a warning, on no relationship",
    csrs: () => [
      serving("csr-w", "2026-05-31T20:00:00Z", {
        cn: node("worker-9"),
        dns: ["worker-9"],
        ips: ["10.0.0.19"],
      }),
    ],
    want: [
      {
        severity: "warning",
        title: "Kubelet serving CSR csr-w of worker-9 is pending",
        detail: /4 hours before the judge date/,
      },
    ],
  },
  {
    name: "settled: a newer CSR of the node was issued, the older pending ones are history",
    csrs: async () => {
      const cert = await issue({ subject: "CN=system:node:control-1" });
      return [
        serving("csr-old", "2026-05-31T22:00:00Z"),
        serving("csr-new", "2026-05-31T22:15:00Z", { conditions: [approved], certificate: cert.pem }),
      ];
    },
    want: [],
  },
  {
    name: "approved but never issued: the signer is not signing",
    csrs: () => [serving("csr-a", "2026-05-31T22:55:00Z", { conditions: [approved] })],
    want: [
      {
        severity: "warning",
        title: "Kubelet serving CSR csr-a of control-1 is approved but not issued",
        relationshipKey: "kubelet-serving",
        fix: /--cluster-signing-cert-file/,
      },
    ],
  },
  {
    name: "a pending kubelet client CSR from a bootstrap token: information, the approver's bindings named",
    csrs: () => [
      {
        name: "node-csr-x",
        signer: CLIENT,
        cn: node("worker-2"),
        username: "system:bootstrap:abcdef",
        created: "2026-05-31T23:50:00Z",
      },
    ],
    want: [
      {
        severity: "info",
        title: "Kubelet client CSR node-csr-x of worker-2 is pending",
        detail: /system:bootstrap:abcdef.*nodeclient.*selfnodeclient/,
        fix: /kubeadm:node-autoapprove-bootstrap/,
      },
    ],
  },
  {
    name: "a bootstrap CSR's name, a digest in base64url, is named, never taken for a secret",
    csrs: () => [
      {
        name: "node-csr-Ql9kZ3h0X2x6ZmRhc2RmZ2gAbCdEf0Z",
        signer: CLIENT,
        cn: node("worker-3"),
        username: "system:bootstrap:abcdef",
        created: "2026-05-31T23:50:00Z",
      },
    ],
    want: [
      {
        severity: "info",
        title: "Kubelet client CSR node-csr-Ql9kZ3h0X2x6ZmRhc2RmZ2gAbCdEf0Z of worker-3 is pending",
        fix: /kubectl certificate approve node-csr-Ql9kZ3h0X2x6ZmRhc2RmZ2gAbCdEf0Z/,
      },
    ],
  },
  {
    name: "a CSR for the node's own client certificate ties to its kubelet-client relationship",
    csrs: () => [{ name: "csr-c", signer: CLIENT, cn: node("control-1"), created: "2026-05-31T23:50:00Z" }],
    want: [
      {
        severity: "info",
        title: "Kubelet client CSR csr-c of control-1 is pending",
        relationshipKey: "kubelet-client",
        detail: /10 minutes before/,
      },
    ],
  },
  {
    name: "a third-party signer approves its own: not judged",
    csrs: () => [
      {
        name: "cm-1",
        signer: "cert-manager.io/ca-issuer",
        cn: "web",
        o: [],
        created: "2026-05-31T20:00:00Z",
      },
    ],
    want: [],
  },
  {
    name: "a denied CSR is CSR_DENIED's, not pending",
    csrs: () => [serving("csr-d", "2026-05-31T22:00:00Z", { conditions: [{ ...approved, type: "Denied" }] })],
    want: [],
  },
  {
    name: "without the node: the same warning, from the dump alone",
    withNode: false,
    csrs: () => [serving("csr-a", "2026-06-01T01:00:00Z")],
    want: [
      {
        severity: "warning",
        title: "Kubelet serving CSR csr-a of control-1 is pending",
        detail: /created 2026-06-01 01:00 UTC, after the judge date/,
      },
    ],
  },
];

describe("CSR_PENDING", () => {
  it.each(cases)("$name", async ({ csrs, withNode, want }) => {
    const report = await judgeCsrs(await csrs(), withNode ?? true);
    const found = report.findings.filter((f) => f.code === "CSR_PENDING");
    expect(found.map((f) => ({ severity: f.severity, title: f.title }))).toEqual(
      want.map(({ severity, title }) => ({ severity, title })),
    );
    want.forEach((w, i) => {
      const f = found[i];
      expect(f?.relationshipKey).toBe(w.relationshipKey);
      if (w.detail) expect(f?.detail).toMatch(w.detail);
      if (w.fix) expect(f?.fix).toMatch(w.fix);
      expect(f?.files[0]).toMatch(/^csr\.yaml#csr\//);
    });
    if (want.some((w) => w.relationshipKey === "kubelet-serving" && w.severity === "warning"))
      expect(report.relationships.find((r) => r.key === "kubelet-serving")?.status).toBe("warning");
  });
});
