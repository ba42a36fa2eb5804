/**
 * `--public-keys-only`: the archive holds no private key and none of the node's tokens, passwords
 * or encryption secrets (looked for in every entry's bytes and in every base64 value decoded), the
 * findings that judge what was replaced still fire, and the collector says what it replaced.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  archiveEntries,
  auditReport,
  busyboxPath,
  collect,
  collectorWorkspace,
  entryText,
  FIXTURE_NOW,
  FIXTURES,
  type Shell,
} from "./test-support/collector";
import { leaksIn, secretsOf } from "./test-support/node-secrets";

const workspace = collectorWorkspace("k8s-pki-collect-keys-");

/**
 * A k3s server with what a real one also holds: dynamiclistener's cache (a Secret-shaped JSON with
 * tls.key in base64), secrets encryption's one-line JSON config, a config.yaml with the join
 * tokens, and an admin kubeconfig whose client-certificate-data carries certificate and key.
 */
function k3sWithSecrets(root: string): string {
  cpSync(join(FIXTURES, "layouts/k3s/server-1"), root, { recursive: true, verbatimSymlinks: true });
  const tls = join(root, "var/lib/rancher/k3s/server/tls");
  const base64 = (path: string) => readFileSync(path).toString("base64");
  writeFileSync(
    join(tls, "dynamic-cert.json"),
    JSON.stringify({
      metadata: { name: "k3s-serving" },
      data: {
        "tls.crt": base64(join(tls, "serving-kube-apiserver.crt")),
        "tls.key": base64(join(tls, "serving-kube-apiserver.key")),
      },
      type: "kubernetes.io/tls",
    }),
  );
  writeFileSync(
    join(root, "var/lib/rancher/k3s/server/cred/encryption-config.json"),
    JSON.stringify({
      kind: "EncryptionConfiguration",
      apiVersion: "apiserver.config.k8s.io/v1",
      resources: [
        {
          resources: ["secrets"],
          providers: [
            {
              aescbc: {
                keys: [{ name: "aescbckey", secret: "q7Lc0cJ0Fs+Pp1mTo2vS9gN0dUa3yZkHq8b4Wx6eRfI=" }],
              },
            },
            { identity: {} },
          ],
        },
      ],
    }),
  );
  writeFileSync(
    join(root, "etc/rancher/k3s/config.yaml"),
    'token: "K10c0ffee::server:s3cr3t-join-value"\nagent-token: agent-join-value-42\ntls-san:\n  - k3s.example\n',
  );
  const combined = Buffer.concat([
    readFileSync(join(tls, "client-admin.crt")),
    readFileSync(join(tls, "client-admin.key")),
  ]).toString("base64");
  mkdirSync(join(root, "root/.kube"), { recursive: true });
  writeFileSync(
    join(root, "root/.kube/config"),
    [
      "apiVersion: v1",
      "kind: Config",
      "clusters:",
      "- name: default",
      "  cluster:",
      "    server: https://127.0.0.1:6443",
      "    certificate-authority: /var/lib/rancher/k3s/server/tls/server-ca.crt",
      "users:",
      "- name: default",
      "  user:",
      `    client-certificate-data: "${combined}"`,
      "",
    ].join("\n"),
  );
  return root;
}

/** Each node, how many distinct private keys it holds, and how many copies the collector converts. */
const NODES = [
  {
    name: "a kubeadm control plane",
    fixture: () => join(FIXTURES, "healthy"),
    distinct: 17,
    keys: 17,
    values: 0,
  },
  {
    name: "a node with a bootstrap kubeconfig left",
    fixture: () => join(FIXTURES, "faults/bootstrap-token-left"),
    distinct: 17,
    keys: 17,
    values: 1,
  },
  {
    name: "the hard way's server, with its encryption config",
    fixture: () => join(FIXTURES, "layouts/hard-way/server"),
    distinct: 6,
    keys: 7,
    values: 1,
  },
  {
    name: "a k3s server with tokens, caches and a combined kubeconfig",
    fixture: () => k3sWithSecrets(workspace.file("k3s")),
    distinct: 25,
    keys: 29,
    values: 3,
  },
];

describe.each(NODES)("--public-keys-only on $name", ({ fixture, distinct, keys, values }) => {
  it.each<Shell>(["dash", "busybox"])("under %s: no private key, token or secret is left", async (shell) => {
    const root = fixture();
    const out = workspace.file(`${relative(FIXTURES, root).replace(/[/.]/g, "_")}-${shell}.tgz`);
    const secrets = secretsOf(root);
    expect([secrets.keyParts.length, secrets.values.length]).toEqual([distinct, values]);
    const result = await collect(root, out, { shell, path: workspace.path(shell), publicKeysOnly: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Public keys only: ${keys} private keys replaced by their public keys`);
    const entries = archiveEntries(out);
    expect(leaksIn(entries, secrets)).toEqual([]);
    // The public halves are there instead, where the keys were.
    expect(
      entries.filter((entry) => Buffer.from(entry.bytes).includes("-----BEGIN PUBLIC KEY-----")).length,
    ).toBeGreaterThan(0);
  });
});

describe("what --public-keys-only replaces, and what still judges as before", () => {
  it("keeps a bootstrap token's id, so BOOTSTRAP_TOKEN_LEFT still fires, and says so in the list", async () => {
    const out = workspace.file("bootstrap.tgz");
    const root = join(FIXTURES, "faults/bootstrap-token-left");
    expect((await collect(root, out, { publicKeysOnly: true })).code).toBe(0);
    const entries = archiveEntries(out);
    expect(entryText(entries, "/etc/kubernetes/bootstrap-kubelet.conf")).toMatch(
      /^ {4}token: [a-z0-9]{6}\.x{16}$/m,
    );
    const report = await auditReport(out, FIXTURE_NOW);
    expect(report.findings.map((finding) => finding.code)).toContain("BOOTSTRAP_TOKEN_LEFT");
    expect(entryText(entries, "/k8s-pki-collect.txt")).toContain(
      "  /etc/kubernetes/bootstrap-kubelet.conf: 1 bootstrap token(s) replaced by <token id>.xxxxxxxxxxxxxxxx",
    );
  });

  it("keeps an encryption key's length, so ENCRYPTION_CONFIG_WEAK judges it as before", async () => {
    const out = workspace.file("short-key.tgz");
    const root = join(FIXTURES, "faults/encryption-short-aescbc-key");
    expect((await collect(root, out, { publicKeysOnly: true })).code).toBe(0);
    expect(entryText(archiveEntries(out), "/etc/kubernetes/encryption-config.yaml")).toContain(
      "secret: AAAAAAAAAAAAAAAAAAA=\n",
    );
    const weak = (await auditReport(out, FIXTURE_NOW)).findings.filter(
      (f) => f.code === "ENCRYPTION_CONFIG_WEAK",
    );
    const before = (await auditReport(root, FIXTURE_NOW)).findings.filter(
      (f) => f.code === "ENCRYPTION_CONFIG_WEAK",
    );
    expect(weak.map((f) => [f.severity, f.title.replace(/^[^/]+\//, "")])).toEqual(
      before.map((f) => [f.severity, f.title]),
    );
    expect(weak).toHaveLength(1);
  });

  it("replaces tokens, converts keys in base64 values and PKCS#12 bundles, and leaves out what cannot be converted", async () => {
    const root = k3sWithSecrets(workspace.file("k3s-odd"));
    const tls = join(root, "var/lib/rancher/k3s/server/tls");
    execFileSync("openssl", [
      "pkey",
      "-in",
      join(tls, "client-ca.key"),
      "-outform",
      "DER",
      "-out",
      join(tls, "client-ca-der.key"),
    ]);
    execFileSync("openssl", [
      "pkcs8",
      "-topk8",
      "-in",
      join(tls, "client-ca.key"),
      "-passout",
      "pass:x",
      "-out",
      join(tls, "encrypted.key"),
    ]);
    execFileSync("openssl", [
      "pkcs12",
      "-export",
      "-in",
      join(tls, "client-admin.crt"),
      "-inkey",
      join(tls, "client-admin.key"),
      "-passout",
      "pass:",
      "-out",
      join(tls, "admin.p12"),
    ]);
    execFileSync("openssl", [
      "pkcs12",
      "-export",
      "-in",
      join(tls, "client-admin.crt"),
      "-inkey",
      join(tls, "client-admin.key"),
      "-passout",
      "pass:a-password",
      "-out",
      join(tls, "locked.p12"),
    ]);
    const out = workspace.file("k3s-odd.tgz");
    const result = await collect(root, out, { publicKeysOnly: true });
    expect(result.code).toBe(0);
    const entries = archiveEntries(out);
    const text = (suffix: string) => entryText(entries, suffix);
    expect(text("/etc/rancher/k3s/config.yaml")).toBe(
      'token: "k8s-pki-collect-redacted"\nagent-token: k8s-pki-collect-redacted\ntls-san:\n  - k3s.example\n',
    );
    expect(text("/server/cred/encryption-config.json")).toContain(
      '"secret":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="',
    );
    expect(text("/server/tls/client-ca-der.key")).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(
      entries.map((entry) => entry.path).filter((path) => /encrypted\.key|locked\.p12/.test(path)),
    ).toEqual([]);
    // A PKCS#12 bundle openssl opens without a password: its certificates (the client's and its
    // CA's) and its key's public key.
    expect(text("/server/tls/admin.p12").match(/-----BEGIN [A-Z ]+-----/g)).toEqual([
      "-----BEGIN CERTIFICATE-----",
      "-----BEGIN CERTIFICATE-----",
      "-----BEGIN PUBLIC KEY-----",
    ]);
    const list = text("/k8s-pki-collect.txt");
    for (const line of [
      "  /var/lib/rancher/k3s/server/tls/encrypted.key: an encrypted private key removed: it cannot become its public key without its passphrase",
      "  /var/lib/rancher/k3s/server/tls/admin.p12: a PKCS#12 bundle replaced by its certificates and its key's public key (PEM)",
      "  /var/lib/rancher/k3s/server/tls/locked.p12: removed: its bytes are a PKCS#12 bundle (DER), which openssl cannot turn into a public key (encrypted, or of a kind it does not read)",
      "  /var/lib/rancher/k3s/server/tls/client-ca-der.key: a DER private key replaced by its public key (PEM)",
      "  /var/lib/rancher/k3s/server/tls/dynamic-cert.json: in base64 data: EC private key replaced by its public key",
      "  /root/.kube/config: in base64 data: EC private key replaced by its public key",
      "  /etc/rancher/k3s/config.yaml: 1 token value(s) replaced by 'k8s-pki-collect-redacted'",
    ])
      expect(list.split("\n")).toContain(line);
    // The combined client-certificate-data keeps its certificates and gets the public key.
    const kubeconfig = text("/root/.kube/config");
    const data = /client-certificate-data: "([^"]+)"/.exec(kubeconfig)?.[1] ?? "";
    expect(
      Buffer.from(data, "base64")
        .toString()
        .match(/-----BEGIN [A-Z ]+-----/g),
    ).toEqual(["-----BEGIN CERTIFICATE-----", "-----BEGIN CERTIFICATE-----", "-----BEGIN PUBLIC KEY-----"]);
  });
});

describe("--public-keys-only where it cannot convert", () => {
  it("without openssl, leaves every private key out, says so loudly, and keeps the certificates", async () => {
    const bin = busyboxPath(workspace.file("bin-no-openssl"), { openssl: false });
    const out = workspace.file("no-openssl.tgz");
    const root = join(FIXTURES, "healthy");
    const result = await collect(root, out, { shell: "busybox", path: bin, publicKeysOnly: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "WARNING: openssl is not installed: 17 private keys were LEFT OUT, not converted.",
    );
    const entries = archiveEntries(out);
    expect(leaksIn(entries, secretsOf(root))).toEqual([]);
    const paths = entries.map((entry) => entry.path);
    const host = paths[0]?.split("/")[0] ?? "";
    expect(paths).toContain(`${host}/etc/kubernetes/pki/ca.crt`);
    expect(paths).toContain(`${host}/var/lib/kubelet/pki/kubelet-client-current.pem`);
    expect(paths.filter((path) => path.endsWith("/pki/ca.key"))).toEqual([]);
  });

  it("leaves out, and says so, a file that still holds a private key once converted", async () => {
    // An openssl whose `pkey -pubout` hands back the private key after a public-key header.
    const bin = workspace.file("leaky-openssl");
    mkdirSync(bin);
    writeFileSync(
      join(bin, "openssl"),
      [
        "#!/bin/sh",
        'if [ "$1" = pkey ]; then',
        "  for a; do case $prev in -in) in=$a;; -out) out=$a;; esac; prev=$a; done",
        '  { printf -- \'-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----\\n\'; cat "$in"; } > "$out"',
        "  exit 0",
        "fi",
        'exec /usr/bin/openssl "$@"',
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    const out = workspace.file("leaky.tgz");
    const root = join(FIXTURES, "healthy");
    const result = await collect(root, out, {
      path: `${bin}:${process.env.PATH ?? ""}`,
      publicKeysOnly: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^LEFT OUT by the last check: \d+ files or links still held key material once$/m,
    );
    expect(result.stderr).toContain("  /etc/kubernetes/pki/ca.key: a PEM private key\n");
    const entries = archiveEntries(out);
    expect(leaksIn(entries, secretsOf(root))).toEqual([]);
    expect(entries.map((entry) => entry.path).filter((path) => path.endsWith("/pki/ca.key"))).toEqual([]);
    expect(entryText(entries, "/k8s-pki-collect.txt")).toContain(
      "  /etc/kubernetes/pki/ca.key: LEFT OUT by the last check: a PEM private key\n",
    );
  });

  it("refuses to write the archive when a file's name would carry key material into its list", async () => {
    const root = workspace.file("named-with-a-key");
    cpSync(join(FIXTURES, "healthy"), root, { recursive: true });
    cpSync(
      join(root, "etc/kubernetes/pki/ca.crt"),
      join(root, "etc/kubernetes/pki/-----BEGIN EC PRIVATE KEY-----.crt"),
    );
    const out = workspace.file("named-with-a-key.tgz");
    const result = await collect(root, out, { publicKeysOnly: true });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      "REFUSED: with --public-keys-only these files would still hold a private key:\n" +
        "  /k8s-pki-collect.txt: a PEM private key (a file or link named with it)\n",
    );
    expect(existsSync(out)).toBe(false);
  });
});
