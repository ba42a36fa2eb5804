import { describe, expect, it } from "vitest";
import type { ReportCertificate } from "../report";
import { reportWithDumps } from "../test-support/kubectl-dumps";
import { groupBySecretNamespace, homeSecret, namespaceTitle, secretRowName } from "./secret-groups";

describe("secret groups", () => {
  it.each([
    { subject: "CN=internal-ca", want: "cert-manager/internal-ca · tls.crt" },
    { subject: "CN=legacy-ca", want: "apps/legacy-tls · ca.crt" },
    { subject: "CN=shop.example.com", want: "ingress-nginx/shop-example-tls · tls.crt" },
    // The cluster CA is also pki/ca.crt on the node; the kubelet's certificate also its own file.
    { subject: "CN=kubernetes", want: undefined },
    { subject: "O=system:nodes, CN=system:node:control-1", want: undefined },
  ])("$subject is known by $want", async ({ subject, want }) => {
    const report = await reportWithDumps("healthy", ["secrets.yaml", "csr.yaml"]);
    const certificate = report.certificates.find((c) => c.subject === subject);
    const home = certificate ? homeSecret(certificate) : undefined;
    expect(home && `${home.namespace ?? ""}/${secretRowName(home)}`).toBe(want);
  });

  it("groups by namespace in natural order, a Secret without one last", () => {
    const cert = (id: string, namespace?: string) => ({
      id,
      paths: [`s.yaml#${id}`],
      secrets: [{ ...(namespace ? { namespace } : {}), name: id, key: "tls.crt" }],
    });
    const given = [
      cert("a", "ns-10"),
      cert("b"),
      cert("c", "ns-9"),
      { id: "node", paths: ["pki/x.crt"] },
      cert("d", "ns-9"),
    ];
    const { node, namespaces } = groupBySecretNamespace(given as unknown as ReportCertificate[]);
    expect(node.map((c) => c.id)).toEqual(["node"]);
    expect(namespaces.map((g) => [g.namespace, g.certificates.map((c) => c.id)])).toEqual([
      ["ns-9", ["c", "d"]],
      ["ns-10", ["a"]],
      [undefined, ["b"]],
    ]);
    expect(namespaces.map((g) => namespaceTitle(g.namespace))).toEqual([
      "Secrets in ns-9",
      "Secrets in ns-10",
      "Secrets without a namespace",
    ]);
  });
});
