/**
 * Webhook configurations from kubectl dumps: every webhook's Service, failurePolicy (Fail when
 * unset) and caBundle certificates, from YAML and JSON, a List and a lone object; a huge, undecodable
 * or missing caBundle named as a problem of its place without stopping the rest.
 */
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import { kubectlList, renderKubectl, type KubeObject } from "../generate/kubectl-dump";
import type { InputFile } from "../inventory";
import { MAX_YAML_CHARS } from "./read-config-text";
import { MAX_WEBHOOKS_PER_OBJECT } from "./read-webhook-config";
import { REPO_ROOT } from "../test-support/fixtures";
import { issue, utf8 } from "../test-support/pki-material";

const crypto = globalThis.crypto;
const DIR = join(REPO_ROOT, "e2e/fixtures/cluster-objects");
const committed = (name: string): InputFile => ({
  path: name,
  bytes: new Uint8Array(readFileSync(join(DIR, name))),
});
const file = (path: string, text: string): InputFile => ({ path, bytes: utf8(text) });

function config(name: string, webhooks: unknown[], kind = "ValidatingWebhookConfiguration"): KubeObject {
  return { apiVersion: "admissionregistration.k8s.io/v1", kind, metadata: { name }, webhooks };
}

describe("readWebhookConfig", () => {
  it("reads the committed dump: each webhook's service, policy and caBundle certificate", async () => {
    const inv = await ingest([committed("webhooks.yaml")], { crypto });
    const clients = inv.trustObjects?.caBundleClients ?? [];
    expect(
      clients.map((c) => [
        c.kind,
        c.object,
        c.webhook,
        c.service?.namespace,
        c.service?.name,
        c.failurePolicy,
        c.failurePolicyWritten,
      ]),
    ).toEqual([
      [
        "ValidatingWebhookConfiguration",
        "policy-validator",
        "validate.policy.example.com",
        "policy",
        "policy-webhook",
        "Fail",
        false,
      ],
      [
        "ValidatingWebhookConfiguration",
        "audit-guard",
        "audit.example.com",
        "audit",
        "audit-webhook",
        "Fail",
        true,
      ],
      [
        "MutatingWebhookConfiguration",
        "sidecar-injector",
        "inject.mesh.example.com",
        "mesh",
        "sidecar-injector",
        "Ignore",
        true,
      ],
    ]);
    for (const client of clients) expect(client.caBundleIds).toHaveLength(1);
    const cert = inv.certificates.find((c) => c.id === clients[1]?.caBundleIds[0]);
    expect(cert?.subjectCN).toBe("audit-webhook-ca");
    expect(cert?.sources[0]).toMatchObject({
      path: "webhooks.yaml",
      locator: "ValidatingWebhookConfiguration/audit-guard/webhooks/audit.example.com/clientConfig/caBundle",
      object: { kind: "ValidatingWebhookConfiguration", name: "audit-guard" },
    });
    expect(inv.problems).toEqual([]);
  });

  it.each(["yaml", "json"] as const)("%s: a List and a lone object read alike", async (format) => {
    const ca = await issue({ subject: "CN=hook-ca", ca: true });
    const hook = {
      name: "v.example.com",
      clientConfig: {
        caBundle: Buffer.from(ca.pem).toString("base64"),
        service: { namespace: "ns", name: "svc", port: 8443 },
      },
    };
    const lone = config("lone", [hook]);
    const listed = kubectlList([config("listed", [hook], "MutatingWebhookConfiguration")]);
    const inv = await ingest(
      [
        file(`lone.${format}`, renderKubectl(lone, format)),
        file(`list.${format}`, renderKubectl(listed, format)),
      ],
      { crypto },
    );
    const clients = inv.trustObjects?.caBundleClients ?? [];
    expect(clients.map((c) => [c.object, c.service?.port, c.failurePolicy]).sort()).toEqual([
      ["listed", 8443, "Fail"],
      ["lone", 8443, "Fail"],
    ]);
    expect(new Set(clients.map((c) => c.caBundleIds[0])).size).toBe(1);
    expect(inv.skipped).toEqual([]);
  });

  it("names a bad caBundle and reads the next webhook; a missing one is kept as absent", async () => {
    const ca = await issue({ subject: "CN=ok-ca", ca: true });
    const dump = config("mixed", [
      {
        name: "bad.example.com",
        clientConfig: { caBundle: "not*base64", service: { namespace: "a", name: "b" } },
      },
      {
        name: "text.example.com",
        clientConfig: {
          caBundle: Buffer.from("hello").toString("base64"),
          service: { namespace: "a", name: "b" },
        },
      },
      { name: "none.example.com", clientConfig: { url: "https://hooks.example.com/x" } },
      {
        name: "ok.example.com",
        clientConfig: {
          caBundle: Buffer.from(ca.pem).toString("base64"),
          service: { namespace: "a", name: "b" },
        },
      },
      "not a webhook",
    ]);
    const inv = await ingest([file("mixed.yaml", renderKubectl(dump, "yaml"))], { crypto });
    const clients = inv.trustObjects?.caBundleClients ?? [];
    expect(clients.map((c) => [c.webhook, c.caBundleIds.length, c.caBundlePresent, c.url])).toEqual([
      ["bad.example.com", 0, true, undefined],
      ["text.example.com", 0, true, undefined],
      ["none.example.com", 0, false, "https://hooks.example.com/x"],
      ["ok.example.com", 1, true, undefined],
    ]);
    expect(inv.problems.map((p) => p.reason)).toEqual([
      expect.stringMatching(
        /^ValidatingWebhookConfiguration\/mixed\/webhooks\/bad\.example\.com\/clientConfig\/caBundle: invalid base64/,
      ),
      "ValidatingWebhookConfiguration/mixed/webhooks/text.example.com/clientConfig/caBundle: neither PEM nor DER certificates",
    ]);
  });

  it("refuses an object over the size limit and reads past it", async () => {
    const huge = config("huge", [{ name: "h", clientConfig: { caBundle: "A".repeat(MAX_YAML_CHARS + 10) } }]);
    const small = config("small", [{ name: "s", clientConfig: { service: { namespace: "a", name: "b" } } }]);
    const inv = await ingest([file("huge.yaml", renderKubectl(kubectlList([huge, small]), "yaml"))], {
      crypto,
    });
    expect(inv.trustObjects?.caBundleClients.map((c) => c.object)).toEqual(["small"]);
    expect(inv.problems.map((p) => p.reason)).toEqual([
      expect.stringMatching(/^item 1: \d+ characters, over the/),
    ]);
  });

  it("reads at most the webhook limit of one object and says so", async () => {
    const many = Array.from({ length: MAX_WEBHOOKS_PER_OBJECT + 5 }, (_, i) => ({
      name: `w${i}`,
      clientConfig: { service: { namespace: "a", name: "b" } },
    }));
    const inv = await ingest([file("many.json", renderKubectl(config("many", many), "json"))], { crypto });
    expect(inv.trustObjects?.caBundleClients).toHaveLength(MAX_WEBHOOKS_PER_OBJECT);
    expect(inv.problems.map((p) => p.reason)).toEqual([expect.stringContaining("object limit")]);
  });

  it("keeps a configuration without webhooks out of the objects read", async () => {
    const inv = await ingest([file("empty.yaml", renderKubectl(config("empty", []), "yaml"))], { crypto });
    expect(inv.trustObjects).toBeUndefined();
  });
});
