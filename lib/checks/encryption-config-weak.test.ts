import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { FIXTURE_NOW, fixtureDir, problems, readTree } from "../test-support/fixtures";
import { describeRule } from "../test-support/rule-cases";

const CONFIG = "etc/kubernetes/encryption-config.yaml";
const MANIFEST = "etc/kubernetes/manifests/kube-apiserver.yaml";

describeRule("ENCRYPTION_CONFIG_WEAK", [
  {
    name: "identity first for Secrets",
    fixture: "encryption-identity-first",
    want: { severity: "warning", file: CONFIG, detail: /unencrypted|clear text/, count: 1 },
  },
  {
    name: "a 14-byte aescbc key",
    fixture: "encryption-short-aescbc-key",
    want: { severity: "error", file: CONFIG, detail: /14 bytes/, count: 1 },
  },
  { name: "healthy node (no encryption configured, kubeadm's default)", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);

/** base64 of `n` bytes that are not a real key. */
const secretOf = (n: number) => btoa("k".repeat(n));
const DOCS_SAMPLE = "c2VjcmV0IGlzIHNlY3VyZQ=="; // "secret is secure", 16 bytes

function configFile(resources: { resources: string[]; providers: unknown[] }[]): InputFile {
  const text = stringify({
    apiVersion: "apiserver.config.k8s.io/v1",
    kind: "EncryptionConfiguration",
    resources,
  });
  return { path: CONFIG, bytes: new TextEncoder().encode(text) };
}

const secrets = (...providers: unknown[]) => [{ resources: ["secrets"], providers }];
const key = (secret: string) => ({ keys: [{ name: "key1", secret }] });

describe("providers and key lengths", () => {
  it.each([
    {
      name: "aescbc 32 bytes first",
      config: secrets({ aescbc: key(secretOf(32)) }, { identity: {} }),
      want: [],
    },
    { name: "identity only", config: secrets({ identity: {} }), want: ["warning"] },
    {
      name: "aescbc with the docs' 16-byte sample",
      config: secrets({ aescbc: key(DOCS_SAMPLE) }),
      want: ["warning"],
    },
    { name: "aescbc 14 bytes", config: secrets({ aescbc: key(secretOf(14)) }), want: ["error"] },
    { name: "secretbox 32 bytes", config: secrets({ secretbox: key(secretOf(32)) }), want: [] },
    { name: "secretbox 16 bytes", config: secrets({ secretbox: key(secretOf(16)) }), want: ["error"] },
    { name: "aesgcm 24 bytes", config: secrets({ aesgcm: key(secretOf(24)) }), want: [] },
    { name: "aesgcm 20 bytes", config: secrets({ aesgcm: key(secretOf(20)) }), want: ["error"] },
    { name: "aescbc secret not base64", config: secrets({ aescbc: key("not base64!") }), want: ["error"] },
    {
      name: "kms v2 first",
      config: secrets(
        { kms: { apiVersion: "v2", name: "vault", endpoint: "unix:///kms.sock" } },
        { identity: {} },
      ),
      want: [],
    },
    {
      name: "identity first for configmaps only, and a short key later",
      config: [
        { resources: ["configmaps"], providers: [{ identity: {} }, { aesgcm: key(secretOf(32)) }] },
        {
          resources: ["secrets"],
          providers: [{ aescbc: key(secretOf(32)) }, { secretbox: key(secretOf(31)) }],
        },
      ],
      want: ["warning", "error"],
    },
  ])("$name → $want", async ({ config, want }) => {
    const report = await analyze([configFile(config)], { now: FIXTURE_NOW });
    const found = report.findings.filter((f) => f.code === "ENCRYPTION_CONFIG_WEAK");
    expect(found.map((f) => f.severity).sort()).toEqual([...want].sort());
    for (const finding of found) {
      expect(finding.files).toEqual([CONFIG]);
      expect(finding.fix).toBeTruthy();
    }
  });

  it("never quotes key material", async () => {
    const secret = secretOf(14);
    const report = await analyze([configFile(secrets({ aescbc: key(secret) }))], { now: FIXTURE_NOW });
    expect(JSON.stringify(report)).not.toContain(secret);
    expect(JSON.stringify(report)).not.toContain("k".repeat(14));
  });
});

/** A fault fixture's files, changed by `edit` (path → new text, or null to drop the file). */
function fixtureWith(name: string, edit: (path: string, text: string) => string | null): InputFile[] {
  return readTree(fixtureDir(name)).flatMap((f) => {
    const text = edit(f.path, new TextDecoder().decode(f.bytes));
    return text === null ? [] : [{ path: f.path, bytes: new TextEncoder().encode(text) }];
  });
}

describe("whether kube-apiserver loads the file", () => {
  it("reports a file the apiserver manifest does not name as info only", async () => {
    const files = fixtureWith("encryption-short-aescbc-key", (path, text) =>
      path === MANIFEST ? text.replace(/^.*--encryption-provider-config=.*\n/m, "") : text,
    );
    const report = await analyze(files, { now: FIXTURE_NOW });
    expect(problems(report)).toEqual([]);
    const found = report.findings.filter((f) => f.code === "ENCRYPTION_CONFIG_WEAK");
    expect(found.map((f) => f.severity)).toEqual(["info"]);
    expect(found[0]?.detail).toMatch(/not in effect/);
  });

  it("reports --encryption-provider-config naming a file that was not dropped as FILE_MISSING", async () => {
    const files = fixtureWith("encryption-identity-first", (path, text) => (path === CONFIG ? null : text));
    const report = await analyze(files, { now: FIXTURE_NOW });
    expect(problems(report).map((f) => [f.code, f.severity, f.files])).toEqual([
      ["FILE_MISSING", "warning", [MANIFEST]],
    ]);
    expect(problems(report)[0]?.title).toContain("/etc/kubernetes/encryption-config.yaml");
  });
});
