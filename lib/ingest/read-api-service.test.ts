/**
 * APIServices and CRD conversion webhooks from kubectl dumps: an aggregated API's Service, caBundle
 * and insecureSkipTLSVerify kept, the apiserver's own APIServices (no service) and CRDs without a
 * conversion webhook left out; YAML and JSON, a List and a lone object, bad fields named.
 */
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import { kubectlList, renderKubectl, type KubeObject } from "../generate/kubectl-dump";
import type { InputFile } from "../inventory";
import { REPO_ROOT } from "../test-support/fixtures";
import { issue, utf8 } from "../test-support/pki-material";

const crypto = globalThis.crypto;
const DIR = join(REPO_ROOT, "e2e/fixtures/cluster-objects");
const committed = (name: string): InputFile => ({
  path: name,
  bytes: new Uint8Array(readFileSync(join(DIR, name))),
});
const file = (path: string, text: string): InputFile => ({ path, bytes: utf8(text) });

function apiService(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: "apiregistration.k8s.io/v1", kind: "APIService", metadata: { name }, spec };
}

function crd(name: string, conversion?: Record<string, unknown>): KubeObject {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name },
    spec: { group: "example.com", ...(conversion ? { conversion } : {}) },
  };
}

describe("readApiService and readCrdConversion", () => {
  it("reads the committed dumps: metrics-server's APIService and the widgets conversion webhook", async () => {
    const inv = await ingest([committed("apiservices.json"), committed("crds.yaml")], { crypto });
    const clients = inv.trustObjects?.caBundleClients ?? [];
    expect(
      clients.map((c) => [
        c.kind,
        c.object,
        `${c.service?.namespace}/${c.service?.name}`,
        c.caBundleIds.length,
      ]),
    ).toEqual([
      ["APIService", "v1beta1.metrics.k8s.io", "kube-system/metrics-server", 1],
      ["CustomResourceDefinition", "widgets.example.com", "example/widget-conversion", 1],
    ]);
    expect(clients[0]?.apiGroupVersion).toBe("metrics.k8s.io/v1beta1");
    expect(clients[1]?.source.locator).toBe(
      "CustomResourceDefinition/widgets.example.com/spec/conversion/webhook/clientConfig/caBundle",
    );
    expect(inv.problems).toEqual([]);
  });

  it.each(["yaml", "json"] as const)(
    "%s: insecureSkipTLSVerify kept; local APIServices and CRDs without a webhook left out",
    async (format) => {
      const ca = await issue({ subject: "CN=agg-ca", ca: true });
      const bundle = Buffer.from(ca.pem).toString("base64");
      const objects = [
        apiService("v1.apps", { group: "apps", version: "v1" }),
        apiService("v1beta1.custom.metrics.k8s.io", {
          group: "custom.metrics.k8s.io",
          version: "v1beta1",
          insecureSkipTLSVerify: true,
          service: { namespace: "monitoring", name: "adapter" },
        }),
        crd("plain.example.com"),
        crd("none.example.com", { strategy: "None" }),
        crd("hooked.example.com", {
          strategy: "Webhook",
          webhook: { clientConfig: { caBundle: bundle, service: { namespace: "x", name: "y" } } },
        }),
      ];
      const lone = apiService("lone.example.com", {
        group: "example.com",
        version: "v1",
        caBundle: bundle,
        service: { namespace: "a", name: "b", port: 8443 },
      });
      const inv = await ingest(
        [
          file(`list.${format}`, renderKubectl(kubectlList(objects), format)),
          file(`lone.${format}`, renderKubectl(lone, format)),
        ],
        { crypto },
      );
      const clients = inv.trustObjects?.caBundleClients ?? [];
      expect(
        clients.map((c) => [c.object, c.insecureSkipTLSVerify ?? false, c.caBundleIds.length]).sort(),
      ).toEqual([
        ["hooked.example.com", false, 1],
        ["lone.example.com", false, 1],
        ["v1beta1.custom.metrics.k8s.io", true, 0],
      ]);
    },
  );

  it("a CRD dump: CRDs without a conversion webhook are never parsed", async () => {
    const ca = await issue({ subject: "CN=conv-ca", ca: true });
    const hooked = crd("hooked.example.com", {
      strategy: "Webhook",
      webhook: {
        clientConfig: {
          caBundle: Buffer.from(ca.pem).toString("base64"),
          service: { namespace: "x", name: "y" },
        },
      },
    });
    const text = renderKubectl(kubectlList([crd("plain.example.com"), hooked]), "yaml");
    // The plain CRD's schema is broken YAML: read, it would be a problem.
    const broken = text.replace("    group: example.com\n", "    group: example.com\n    bad: [unclosed\n");
    expect(broken).not.toBe(text);
    const inv = await ingest([file("crds.yaml", broken)], { crypto });
    expect(inv.trustObjects?.caBundleClients.map((c) => c.object)).toEqual(["hooked.example.com"]);
    expect(inv.problems).toEqual([]);
  });

  it("names an undecodable caBundle and a service without a name is no service", async () => {
    const objects = [
      apiService("bad.example.com", { caBundle: "%%%", service: { namespace: "a", name: "b" } }),
      apiService("half.example.com", { service: { namespace: "a" } }),
    ];
    const inv = await ingest([file("bad.yaml", renderKubectl(kubectlList(objects), "yaml"))], { crypto });
    expect(inv.trustObjects?.caBundleClients.map((c) => c.object)).toEqual(["bad.example.com"]);
    expect(inv.problems.map((p) => p.reason)).toEqual([
      expect.stringMatching(/^APIService\/bad\.example\.com\/spec\/caBundle: invalid base64/),
    ]);
  });
});
