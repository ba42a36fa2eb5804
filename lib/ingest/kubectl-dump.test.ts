/**
 * Ingest of kubectl dumps: `kubectl get secrets -A -o yaml|json` Lists, a lone `kubectl get secret`,
 * typed Lists from the API, other tools' indentation, CertificateSigningRequests — each value named
 * `<namespace>/<name>/data/<key>` with the object it came from, what cannot be PKI never decoded, and
 * no token, password or key text anywhere in what ingest keeps.
 */
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import { isKubectlDump, MAX_DUMP_OBJECTS } from "./kubectl-dump";
import type { InputFile, Inventory } from "../inventory";
import {
  csrObject,
  dataValue,
  kubectlList,
  renderKubectl,
  secretObject,
  type KubeObject,
} from "../generate/kubectl-dump";
import { issue, pem, pkcs8Of, utf8 } from "../test-support/pki-material";

const crypto = globalThis.crypto;
const TOKEN = "eyJhbGciOiJSUzI1NiJ9.c2VydmljZS1hY2NvdW50.Qx7vK2mP9rLs4TnW8yZa1BcD3eFg5HjK";
const PASSWORD = "Zq8#vN2p!Lr5@Wk7-hunter2";
const file = (path: string, text: string): InputFile => ({ path, bytes: utf8(text) });

async function tlsPair(cn: string) {
  const made = await issue({ subject: `CN=${cn}` });
  return { cert: made.pem, key: pem("PRIVATE KEY", await pkcs8Of(made.keys)) };
}

async function sampleSecrets(): Promise<KubeObject[]> {
  const web = await tlsPair("web.apps.svc");
  const ca = await issue({ subject: "CN=cluster-ca", ca: true });
  return [
    secretObject({
      namespace: "cert-manager",
      name: "webhook-tls",
      type: "kubernetes.io/tls",
      annotations: { "cert-manager.io/certificate-name": "webhook" },
      data: { "tls.crt": web.cert, "tls.key": web.key },
    }),
    secretObject({
      namespace: "kube-system",
      name: "default-token-x",
      type: "kubernetes.io/service-account-token",
      data: { "ca.crt": ca.pem, namespace: "kube-system", token: TOKEN },
    }),
    secretObject({ namespace: "apps", name: "db", type: "Opaque", data: { password: PASSWORD } }),
    // Not base64 at all: a type that cannot hold PKI is never decoded, so this is no problem.
    {
      ...secretObject({
        namespace: "apps",
        name: "sh.helm.release.v1.x.v1",
        type: "helm.sh/release.v1",
        data: {},
      }),
      data: { release: "H4sI!!! not base64 at all ###" },
    },
  ];
}

function locators(inv: Inventory): string[] {
  return [
    ...inv.certificates.flatMap((c) => c.sources.map((s) => `${s.path}#${s.locator ?? ""}`)),
    ...inv.privateKeys.map((k) => `${k.source.path}#${k.source.locator ?? ""}`),
  ].sort();
}

const SECRET_LOCATORS = (path: string) =>
  [
    `${path}#cert-manager/webhook-tls/data/tls.crt`,
    `${path}#cert-manager/webhook-tls/data/tls.key`,
    `${path}#kube-system/default-token-x/data/ca.crt`,
  ].sort();

interface Case {
  name: string;
  files: () => Promise<InputFile[]>;
  check: (inv: Inventory) => void;
}

const cases: Case[] = [
  {
    name: "kubectl get secrets -A -o yaml: each value named after its Secret; helm and Opaque left alone",
    files: async () => [file("secrets.yaml", renderKubectl(kubectlList(await sampleSecrets()), "yaml"))],
    check: (inv) => {
      expect(locators(inv)).toEqual(SECRET_LOCATORS("secrets.yaml"));
      expect(inv.problems).toEqual([]);
      expect(inv.skipped).toEqual([]);
      expect(inv.kubeSecrets?.map((s) => [s.namespace, s.name, s.entries.map((e) => e.key)])).toEqual([
        ["cert-manager", "webhook-tls", ["tls.crt", "tls.key"]],
        ["kube-system", "default-token-x", ["ca.crt"]],
      ]);
      const leaf = inv.certificates.find((c) => c.subject === "CN=web.apps.svc");
      expect(leaf?.sources[0]?.object).toEqual({
        kind: "Secret",
        namespace: "cert-manager",
        name: "webhook-tls",
        key: "tls.crt",
        type: "kubernetes.io/tls",
        managedBy: "cert-manager",
        block: 1,
      });
    },
  },
  {
    name: "kubectl get secrets -A -o json: the same",
    files: async () => [file("secrets.json", renderKubectl(kubectlList(await sampleSecrets()), "json"))],
    check: (inv) => {
      expect(locators(inv)).toEqual(SECRET_LOCATORS("secrets.json"));
      expect(inv.problems).toEqual([]);
    },
  },
  {
    name: "a typed SecretList from the API, items indented under items: as yq writes them",
    files: async () => {
      const list = { ...kubectlList(await sampleSecrets()), kind: "SecretList" };
      const yaml = renderKubectl(list, "yaml").replace(/^(-| ) /gm, (m) => `  ${m}`);
      return [file("list.yaml", yaml.replace(/^ {2}items:/m, "items:"))];
    },
    check: (inv) => expect(locators(inv)).toEqual(SECRET_LOCATORS("list.yaml")),
  },
  {
    name: "kubectl get secret webhook-tls -o yaml: one object, named the same way",
    files: async () => {
      const [webhook] = await sampleSecrets();
      return [file("webhook.yaml", renderKubectl(webhook ?? {}, "yaml"))];
    },
    check: (inv) =>
      expect(locators(inv)).toEqual([
        "webhook.yaml#cert-manager/webhook-tls/data/tls.crt",
        "webhook.yaml#cert-manager/webhook-tls/data/tls.key",
      ]),
  },
  {
    name: "a lone Helm release of 2 MB on one line is skipped unread, not a line-length problem",
    files: async () => {
      const release = secretObject({ namespace: "a", name: "r", type: "helm.sh/release.v1", data: {} });
      const big = { ...release, data: { release: "A".repeat(2 * 1024 * 1024) } };
      return [file("release.yaml", renderKubectl(big, "yaml"))];
    },
    check: (inv) => {
      expect(inv.problems).toEqual([]);
      expect(inv.skipped).toEqual([
        {
          path: "release.yaml",
          reason: "kubectl dump of 1 object without certificates or keys, 1 of a type that holds none",
        },
      ]);
    },
  },
  {
    name: "a TLS Secret whose tls.crt is not PEM is a problem naming it; an Opaque key= API key is not",
    files: async () => {
      const broken = secretObject({
        namespace: "apps",
        name: "broken",
        type: "kubernetes.io/tls",
        data: { "tls.crt": "not a certificate", "tls.key": "" },
      });
      const apiKey = secretObject({
        namespace: "apps",
        name: "api",
        type: "Opaque",
        data: { key: PASSWORD },
      });
      return [file("s.yaml", renderKubectl(kubectlList([broken, apiKey]), "yaml"))];
    },
    check: (inv) =>
      expect(inv.problems).toEqual([
        {
          path: "s.yaml",
          reason: "apps/broken/data/tls.crt: a kubernetes.io/tls value that is neither PEM nor DER",
        },
      ]),
  },
  {
    name: "an object over the size limit is named; the others are still read",
    files: async () => {
      const [webhook] = await sampleSecrets();
      const huge = secretObject({ namespace: "a", name: "huge", type: "Opaque", data: {} });
      const text = renderKubectl(
        kubectlList([{ ...huge, data: { blob: "QUFB".repeat(1_100_000) } }, webhook ?? {}]),
        "json",
      );
      return [file("big.json", text)];
    },
    check: (inv) => {
      expect(inv.problems).toEqual([
        {
          path: "big.json",
          reason: expect.stringMatching(
            /^item 1: \d+ characters, over the 4194304 an object may hold \(size limit\)/,
          ) as string,
        },
      ]);
      expect(inv.certificates.map((c) => c.subject)).toEqual(["CN=web.apps.svc"]);
    },
  },
  {
    name: "a List of other objects: each item read like a document of its own (a Pod becomes a manifest)",
    files: async () => {
      const pod = {
        apiVersion: "v1",
        kind: "Pod",
        metadata: {
          labels: { component: "kube-apiserver", tier: "control-plane" },
          name: "kube-apiserver-cp-1",
          namespace: "kube-system",
        },
        spec: {
          containers: [
            {
              name: "kube-apiserver",
              command: ["kube-apiserver", "--client-ca-file=/etc/kubernetes/pki/ca.crt"],
            },
          ],
        },
      };
      return [file("pods.yaml", renderKubectl(kubectlList([pod]), "yaml"))];
    },
    check: (inv) => {
      expect(inv.manifests.map((m) => [m.component, m.flags["client-ca-file"]])).toEqual([
        ["kube-apiserver", ["/etc/kubernetes/pki/ca.crt"]],
      ]);
    },
  },
  {
    name: "kubectl get csr -o yaml: the request as a CsrRecord, the issued certificate under csr/<name>/status/certificate",
    files: async () => {
      const issued = await issue({ subject: [{ O: ["system:nodes"] }, { CN: ["system:node:w-1"] }] });
      const request = await csrPem("system:node:w-1");
      const approved = csrObject({
        name: "csr-1",
        request,
        signerName: "kubernetes.io/kube-apiserver-client-kubelet",
        username: "system:bootstrap:abcdef",
        groups: ["system:bootstrappers"],
        usages: ["digital signature", "client auth"],
        created: "2026-05-31T10:00:00Z",
        conditions: [{ type: "Approved", reason: "AutoApproved", message: "ok", at: "2026-05-31T10:00:01Z" }],
        certificate: issued.pem,
      });
      return [file("csr.yaml", renderKubectl(kubectlList([approved]), "yaml"))];
    },
    check: (inv) => {
      expect(locators(inv)).toEqual(["csr.yaml#csr/csr-1/status/certificate"]);
      const [csr] = inv.csrs;
      expect(csr?.source).toEqual({
        path: "csr.yaml",
        locator: "csr/csr-1",
        object: { kind: "CertificateSigningRequest", name: "csr-1", key: "spec/request" },
      });
      expect(csr?.subject).toBe("O=system:nodes, CN=system:node:w-1");
      expect(csr?.kubernetes).toMatchObject({
        name: "csr-1",
        signerName: "kubernetes.io/kube-apiserver-client-kubelet",
        username: "system:bootstrap:abcdef",
        usages: ["digital signature", "client auth"],
        created: "2026-05-31T10:00:00Z",
        conditions: [{ type: "Approved", status: "True", reason: "AutoApproved" }],
        certificateIds: [inv.certificates[0]?.id],
      });
    },
  },
  {
    name: "a bootstrap token Secret: its id and expiry kept, its secret half noted only",
    files: async () => [
      file(
        "token.yaml",
        renderKubectl(
          secretObject({
            namespace: "kube-system",
            name: "bootstrap-token-abcdef",
            type: "bootstrap.kubernetes.io/token",
            data: {
              "token-id": "abcdef",
              "token-secret": "0123456789abcdef",
              expiration: "2026-06-02T00:00:00Z",
              "usage-bootstrap-authentication": "true",
              "usage-bootstrap-signing": "false",
            },
          }),
          "yaml",
        ),
      ),
    ],
    check: (inv) => {
      expect(inv.bootstrapTokens).toEqual([
        {
          source: { path: "token.yaml", locator: "kube-system/bootstrap-token-abcdef" },
          tokenId: "abcdef",
          expiration: "2026-06-02T00:00:00Z",
          usages: ["authentication"],
        },
      ]);
      expect(inv.secrets?.texts).toContain("abcdef.0123456789abcdef");
    },
  },
];

/** A PEM certificate request for `cn` in system:nodes, made with a fresh P-256 key. */
async function csrPem(cn: string): Promise<string> {
  const { Pkcs10CertificateRequestGenerator } = await import("../x509");
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = (await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
  const request = await Pkcs10CertificateRequestGenerator.create(
    { name: [{ O: ["system:nodes"] }, { CN: [cn] }], keys, signingAlgorithm: algorithm },
    crypto,
  );
  return pem("CERTIFICATE REQUEST", new Uint8Array(request.rawData));
}

describe("ingest: kubectl dumps", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const inv = await ingest(await c.files(), { crypto });
      c.check(inv);
      // Whatever was read, no token, password or key body is kept anywhere ingest keeps things.
      const kept = JSON.stringify(inv);
      for (const secret of [TOKEN, PASSWORD, dataValue(TOKEN), dataValue(PASSWORD), "0123456789abcdef"])
        expect(kept).not.toContain(secret);
    });
  }

  it("notes the token, raw and decoded, so a report string holding a piece of it is redacted", async () => {
    const inv = await ingest([file("s.yaml", renderKubectl(kubectlList(await sampleSecrets()), "yaml"))], {
      crypto,
    });
    expect(inv.secrets?.texts).toEqual(expect.arrayContaining([TOKEN, dataValue(TOKEN)]));
  });

  it.each([
    {
      name: "a YAML List",
      text: 'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n',
      want: true,
    },
    { name: "a JSON Secret", text: '{\n    "apiVersion": "v1",\n    "kind": "Secret"\n}\n', want: true },
    { name: "a kubeconfig", text: "apiVersion: v1\nkind: Config\nclusters: []\n", want: false },
    { name: "two YAML documents", text: "kind: Secret\n---\nkind: Secret\n", want: false },
    { name: "a kind: Secret line inside a block scalar", text: "note: |\n  kind: Secret\n", want: false },
    { name: "PEM text", text: "-----BEGIN CERTIFICATE-----\nkind: List\n", want: false },
  ])("isKubectlDump: $name → $want", ({ text, want }) => {
    expect(isKubectlDump(text)).toBe(want);
  });

  it(`stops after ${MAX_DUMP_OBJECTS} objects and names the limit`, async () => {
    const items = Array.from(
      { length: MAX_DUMP_OBJECTS + 2 },
      (_, i) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c${i}\n`,
    );
    const text = `apiVersion: v1\nitems:\n${items.join("")}kind: List\n`;
    const inv = await ingest([file("many.yaml", text)], { crypto });
    expect(inv.problems).toEqual([
      {
        path: "many.yaml",
        reason: `more than ${MAX_DUMP_OBJECTS} objects to read (object limit): the last 2 were not read`,
      },
    ]);
  });
});
