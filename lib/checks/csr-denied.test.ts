import { describe, expect, it } from "vitest";
import { issue } from "../test-support/pki-material";
import { judgeCsrs, type TestCsr } from "../test-support/csr-dump";

const at = "2026-05-31T20:05:00Z";
const user: TestCsr = {
  name: "jane",
  signer: "kubernetes.io/kube-apiserver-client",
  cn: "jane",
  o: ["developers"],
  username: "kubernetes-admin",
  created: "2026-05-31T20:00:00Z",
};
const kubeletServing: TestCsr = {
  name: "csr-s",
  signer: "kubernetes.io/kubelet-serving",
  cn: "system:node:control-1",
  dns: ["control-1"],
  ips: ["10.0.0.10"],
  created: "2026-05-31T20:00:00Z",
};

const cases: {
  name: string;
  csrs: () => Promise<TestCsr[]> | TestCsr[];
  want: { title: string; relationshipKey?: string; detail?: RegExp }[];
}[] = [
  {
    name: "a denied user CSR: information quoting who denied it why",
    csrs: () => [
      {
        ...user,
        conditions: [{ type: "Denied", reason: "NotAllowed", message: "Use the identity provider.", at }],
      },
    ],
    want: [
      {
        title: "CSR jane was denied",
        detail:
          /kubernetes-admin asked kubernetes\.io\/kube-apiserver-client for "O=developers, CN=jane".*denied at 2026-05-31 20:05 UTC \(NotAllowed: Use the identity provider\.\)/,
      },
    ],
  },
  {
    name: "a kubelet-serving CSR the signer failed: on the node's kubelet-serving relationship",
    csrs: () => [
      {
        ...kubeletServing,
        conditions: [
          { type: "Approved", reason: "ok", message: "ok", at },
          { type: "Failed", reason: "SignerValidationFailure", message: "invalid usage", at },
        ],
      },
    ],
    want: [
      {
        title: "CSR csr-s of control-1 failed",
        relationshipKey: "kubelet-serving",
        detail: /SignerValidationFailure: invalid usage.*no serving certificate/,
      },
    ],
  },
  {
    name: "a denied CSR the node has since replaced with an issued one: history",
    csrs: async () => [
      { ...kubeletServing, conditions: [{ type: "Denied", reason: "x", message: "x", at }] },
      {
        ...kubeletServing,
        name: "csr-t",
        created: "2026-05-31T21:00:00Z",
        conditions: [{ type: "Approved", reason: "ok", message: "ok", at }],
        certificate: (await issue({ subject: "CN=system:node:control-1" })).pem,
      },
    ],
    want: [],
  },
  { name: "a pending CSR is not denied", csrs: () => [user], want: [] },
];

describe("CSR_DENIED", () => {
  it.each(cases)("$name", async ({ csrs, want }) => {
    const report = await judgeCsrs(await csrs());
    const found = report.findings.filter((f) => f.code === "CSR_DENIED");
    expect(found.map((f) => f.title)).toEqual(want.map((w) => w.title));
    want.forEach((w, i) => {
      expect(found[i]?.severity).toBe("info");
      expect(found[i]?.relationshipKey).toBe(w.relationshipKey);
      if (w.detail) expect(found[i]?.detail).toMatch(w.detail);
      expect(found[i]?.fix).toBeTruthy();
    });
  });
});
