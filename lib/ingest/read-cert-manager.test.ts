/**
 * cert-manager's Certificate, Issuer and ClusterIssuer from kubectl dumps: the Secret, names, issuer
 * and status of each Certificate and how each issuer signs; objects of another group with the same
 * kind (a Certificate of another API) are not cert-manager's; missing fields read as absent.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import { kubectlList, renderKubectl } from "../generate/kubectl-dump";
import type { InputFile } from "../inventory";
import { REPO_ROOT } from "../test-support/fixtures";
import { utf8 } from "../test-support/pki-material";

const crypto = globalThis.crypto;
const DIR = join(REPO_ROOT, "e2e/fixtures/cluster-objects");
const file = (path: string, text: string): InputFile => ({ path, bytes: utf8(text) });

describe("readCertManager", () => {
  it("reads the committed dump: two Certificates and a CA Issuer", async () => {
    const bytes = new Uint8Array(readFileSync(join(DIR, "cert-manager.yaml")));
    const inv = await ingest([{ path: "cert-manager.yaml", bytes }], { crypto });
    const objects = inv.trustObjects;
    expect(objects?.issuers).toEqual([
      expect.objectContaining({
        kind: "Issuer",
        namespace: "example",
        name: "example-ca",
        caSecretName: "example-ca",
        selfSigned: false,
      }),
    ]);
    expect(
      objects?.certificates.map((c) => [
        c.name,
        c.secretName,
        c.issuerRef?.name,
        c.conditions[0]?.status,
        c.renewalTime,
      ]),
    ).toEqual([
      ["widget-conversion", "widget-conversion-tls", "example-ca", "True", "2027-01-30T00:00:00Z"],
      ["reports-api", "reports-api-tls", "example-ca", "False", "2026-05-21T00:00:00Z"],
    ]);
    expect(objects?.certificates[0]?.dnsNames).toContain("widget-conversion.example.svc");
  });

  it.each(["yaml", "json"] as const)(
    "%s: a ClusterIssuer, a bare Certificate and another group's Certificate",
    async (format) => {
      const objects = [
        {
          apiVersion: "cert-manager.io/v1",
          kind: "ClusterIssuer",
          metadata: { name: "selfsigned" },
          spec: { selfSigned: {} },
        },
        {
          apiVersion: "cert-manager.io/v1",
          kind: "ClusterIssuer",
          metadata: { name: "letsencrypt" },
          spec: { acme: { server: "https://acme.example/dir" } },
        },
        {
          apiVersion: "cert-manager.io/v1",
          kind: "Certificate",
          metadata: { name: "bare", namespace: "ns" },
          spec: { dnsNames: "not-a-list" },
        },
        {
          apiVersion: "example.com/v1",
          kind: "Certificate",
          metadata: { name: "other" },
          spec: { secretName: "x" },
        },
      ];
      const inv = await ingest([file(`cm.${format}`, renderKubectl(kubectlList(objects), format))], {
        crypto,
      });
      expect(inv.trustObjects?.issuers.map((i) => [i.kind, i.name, i.selfSigned, i.other])).toEqual([
        ["ClusterIssuer", "selfsigned", true, undefined],
        ["ClusterIssuer", "letsencrypt", false, "acme"],
      ]);
      expect(inv.trustObjects?.certificates).toEqual([
        {
          source: { path: `cm.${format}`, locator: "Certificate/ns/bare" },
          namespace: "ns",
          name: "bare",
          conditions: [],
          dnsNames: [],
        },
      ]);
    },
  );
});
