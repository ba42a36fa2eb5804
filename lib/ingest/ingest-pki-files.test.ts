/** Ingest of certificate and key files: every PEM type, DER, bundles and broken input. */
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import type { InputFile, Inventory } from "../inventory";
import { derOf, openssl, readBytes, sampleFile, tempDir, utf8 } from "../test-support/pki-material";

const crypto = globalThis.crypto;
const text = (path: string, content: string): InputFile => ({ path, bytes: utf8(content) });
const bytesOf = (path: string, bytes: Uint8Array): InputFile => ({ path, bytes });

let dir = "";
const f = (name: string) => readBytes(dir, name);
const s = (name: string) => new TextDecoder().decode(f(name));

beforeAll(() => {
  dir = tempDir();
  const run = (...args: string[]) => openssl(args, dir);
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "rsa.key",
    "-out",
    "rsa.crt",
    "-subj",
    "/CN=rsa",
    "-days",
    "2",
  );
  run("rsa", "-in", "rsa.key", "-traditional", "-out", "rsa1.key");
  run("rsa", "-in", "rsa.key", "-traditional", "-aes128", "-passout", "pass:x", "-out", "rsa-legacy-enc.key");
  run("pkcs8", "-topk8", "-v2", "aes-256-cbc", "-passout", "pass:x", "-in", "rsa.key", "-out", "rsa-enc.key");
  run("rsa", "-in", "rsa.key", "-RSAPublicKey_out", "-out", "rsa-pkcs1.pub");
  run("rsa", "-in", "rsa.key", "-pubout", "-out", "rsa.pub");
  run("x509", "-in", "rsa.crt", "-text", "-out", "rsa-text.crt");
  run("x509", "-in", "rsa.crt", "-trustout", "-addtrust", "serverAuth", "-out", "rsa-trusted.crt");
  run("x509", "-in", "rsa.crt", "-outform", "DER", "-out", "rsa.der");
  run("rsa", "-in", "rsa.key", "-outform", "DER", "-traditional", "-out", "rsa1.der");
  run("pkcs8", "-topk8", "-nocrypt", "-in", "rsa.key", "-outform", "DER", "-out", "rsa8.der");
  run("rsa", "-in", "rsa.key", "-pubout", "-outform", "DER", "-out", "rsa-pub.der");
  run("ecparam", "-name", "prime256v1", "-genkey", "-out", "ec-params.key");
  run("ec", "-in", "ec-params.key", "-no_public", "-out", "ec-nopub.key");
  run("ec", "-in", "ec-params.key", "-outform", "DER", "-out", "ec.der");
  run("req", "-new", "-x509", "-key", "ec-params.key", "-out", "ec.crt", "-subj", "/CN=ec", "-days", "2");
  run("genpkey", "-algorithm", "ed25519", "-out", "ed.key");
  run("req", "-new", "-x509", "-key", "ed.key", "-out", "ed.crt", "-subj", "/CN=ed", "-days", "2");
  run(
    "req",
    "-new",
    "-key",
    "ec-params.key",
    "-out",
    "ec.csr",
    "-subj",
    "/O=system:nodes/CN=system:node:w-1",
    "-addext",
    "subjectAltName=DNS:w-1,IP:10.0.0.9",
  );
  run("req", "-in", "ec.csr", "-outform", "DER", "-out", "ec-csr.der");
});

interface Case {
  name: string;
  files: () => InputFile[];
  check: (inv: Inventory) => void;
}

const keyOf = (inv: Inventory, i = 0) => inv.privateKeys[i];

const cases: Case[] = [
  {
    name: "openssl x509 -text output (text before the block) plus a second cert, CRLF",
    files: () => [text("bundle.pem", (s("rsa-text.crt") + s("ec.crt")).replace(/\n/g, "\r\n"))],
    check: (inv) => {
      expect(inv.certificates.map((c) => [c.subject, c.sources])).toEqual([
        ["CN=rsa", [{ path: "bundle.pem" }]],
        ["CN=ec", [{ path: "bundle.pem", locator: "block 2" }]],
      ]);
      expect(inv.problems).toEqual([]);
    },
  },
  {
    name: "TRUSTED CERTIFICATE is the same certificate",
    files: () => [bytesOf("a.crt", f("rsa.crt")), bytesOf("b.crt", f("rsa-trusted.crt"))],
    check: (inv) =>
      expect(inv.certificates.map((c) => c.sources.map((x) => x.path))).toEqual([["a.crt", "b.crt"]]),
  },
  {
    name: "RSA PRIVATE KEY (PKCS#1) matches its certificate",
    files: () => [bytesOf("rsa1.key", f("rsa1.key")), bytesOf("rsa.crt", f("rsa.crt"))],
    check: (inv) => {
      expect(keyOf(inv)).toMatchObject({
        id: "k-1",
        format: "pkcs1",
        encrypted: false,
        source: { path: "rsa1.key" },
      });
      expect(keyOf(inv)?.publicKey?.canonical).toBe(inv.certificates[0]?.publicKey.canonical);
    },
  },
  {
    name: "PRIVATE KEY (PKCS#8)",
    files: () => [bytesOf("rsa.key", f("rsa.key"))],
    check: (inv) => expect(keyOf(inv)).toMatchObject({ format: "pkcs8", publicKey: { label: "RSA 2048" } }),
  },
  {
    name: "EC PARAMETERS block is skipped, EC PRIVATE KEY read",
    files: () => [bytesOf("ec.key", f("ec-params.key")), bytesOf("ec.crt", f("ec.crt"))],
    check: (inv) => {
      expect(s("ec-params.key")).toContain("EC PARAMETERS");
      expect(inv.privateKeys).toHaveLength(1);
      expect(keyOf(inv)).toMatchObject({ format: "sec1", source: { path: "ec.key", locator: "block 2" } });
      expect(keyOf(inv)?.publicKey?.canonical).toBe(inv.certificates[0]?.publicKey.canonical);
      expect([inv.problems, inv.skipped]).toEqual([[], []]);
    },
  },
  {
    name: "SEC1 key without public point: derived with WebCrypto",
    files: () => [bytesOf("ec-nopub.key", f("ec-nopub.key")), bytesOf("ec.crt", f("ec.crt"))],
    check: (inv) => expect(keyOf(inv)?.publicKey?.canonical).toBe(inv.certificates[0]?.publicKey.canonical),
  },
  {
    name: "Ed25519 key and certificate",
    files: () => [bytesOf("ed.key", f("ed.key")), bytesOf("ed.crt", f("ed.crt"))],
    check: (inv) => {
      expect(keyOf(inv)?.publicKey).toMatchObject({ algorithm: "Ed25519", label: "Ed25519" });
      expect(keyOf(inv)?.publicKey?.canonical).toBe(inv.certificates[0]?.publicKey.canonical);
    },
  },
  {
    name: "ENCRYPTED PRIVATE KEY and legacy Proc-Type encryption: recorded, no public half",
    files: () => [bytesOf("a.key", f("rsa-enc.key")), bytesOf("b.key", f("rsa-legacy-enc.key"))],
    check: (inv) => {
      expect(inv.privateKeys.map((k) => [k.format, k.encrypted, k.publicKey])).toEqual([
        ["encrypted-pkcs8", true, undefined],
        ["pkcs1", true, undefined],
      ]);
      expect(inv.problems).toEqual([]);
    },
  },
  {
    name: "PUBLIC KEY and RSA PUBLIC KEY",
    files: () => [
      bytesOf("a.pub", f("rsa.pub")),
      bytesOf("b.pub", f("rsa-pkcs1.pub")),
      sampleFile("pki/sa.pub"),
    ],
    check: (inv) => {
      expect(inv.publicKeys.map((k) => [k.id, k.source.path])).toEqual([
        ["p-1", "a.pub"],
        ["p-2", "b.pub"],
        ["p-3", "pki/sa.pub"],
      ]);
      expect(inv.publicKeys[0]?.publicKey.canonical).toBe(inv.publicKeys[1]?.publicKey.canonical);
    },
  },
  {
    name: "CERTIFICATE REQUEST and NEW CERTIFICATE REQUEST are shown",
    files: () => [
      bytesOf("a.csr", f("ec.csr")),
      text("b.csr", s("ec.csr").replace(/CERTIFICATE REQUEST/g, "NEW CERTIFICATE REQUEST")),
    ],
    check: (inv) => {
      expect(inv.csrs).toHaveLength(2);
      expect(inv.csrs[0]).toMatchObject({
        source: { path: "a.csr" },
        subject: "O=system:nodes, CN=system:node:w-1",
        dnsNames: ["w-1"],
        ipAddresses: ["10.0.0.9"],
        publicKey: { label: "ECDSA P-256" },
      });
    },
  },
  {
    name: "combined kubelet-client-current.pem: certificate then key",
    files: () => [text("kubelet-client-current.pem", s("ec.crt") + s("ec-nopub.key"))],
    check: (inv) => {
      expect(inv.certificates[0]?.sources).toEqual([{ path: "kubelet-client-current.pem" }]);
      expect(keyOf(inv)?.source).toEqual({ path: "kubelet-client-current.pem", locator: "block 2" });
      expect(keyOf(inv)?.publicKey?.canonical).toBe(inv.certificates[0]?.publicKey.canonical);
    },
  },
  {
    name: "bad base64 in one block: a problem naming it, the other block kept",
    files: () => [text("pki/bundle.crt", s("rsa.crt").replace("MII", "MI*I") + s("ec.crt"))],
    check: (inv) => {
      expect(inv.certificates.map((c) => c.subject)).toEqual(["CN=ec"]);
      expect(inv.problems).toEqual([
        {
          path: "pki/bundle.crt",
          reason: expect.stringMatching(
            /^block 1 \(CERTIFICATE\): invalid base64: unexpected character "\*"/,
          ),
        },
      ]);
    },
  },
  {
    name: "undecodable DER inside PEM armour",
    files: () => [text("x.crt", "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n")],
    check: (inv) => {
      expect(inv.certificates).toEqual([]);
      expect(inv.problems).toEqual([
        {
          path: "x.crt",
          reason: expect.stringMatching(/^block 1 \(CERTIFICATE\): not an X\.509 certificate/),
        },
      ]);
    },
  },
  {
    name: "DER certificate, PKCS#1, PKCS#8, SEC1, SPKI and CSR by content",
    files: () => [
      bytesOf("c", f("rsa.der")),
      bytesOf("k1", f("rsa1.der")),
      bytesOf("k8", f("rsa8.der")),
      bytesOf("kec", f("ec.der")),
      bytesOf("pub", f("rsa-pub.der")),
      bytesOf("req", f("ec-csr.der")),
    ],
    check: (inv) => {
      expect(inv.certificates.map((c) => c.subject)).toEqual(["CN=rsa"]);
      expect(inv.privateKeys.map((k) => [k.source.path, k.format])).toEqual([
        ["k1", "pkcs1"],
        ["k8", "pkcs8"],
        ["kec", "sec1"],
      ]);
      expect(inv.publicKeys.map((k) => k.source.path)).toEqual(["pub"]);
      expect(inv.csrs.map((c) => c.subject)).toEqual(["O=system:nodes, CN=system:node:w-1"]);
      expect([inv.problems, inv.skipped]).toEqual([[], []]);
    },
  },
  {
    name: "truncated DER is a problem",
    files: () => [bytesOf("ca.der", f("rsa.der").subarray(0, 300))],
    check: (inv) =>
      expect(inv.problems).toEqual([
        {
          path: "ca.der",
          reason: expect.stringMatching(/^truncated DER: the element declares \d+ bytes but only 300/),
        },
      ]),
  },
  {
    name: "a DER SEQUENCE that is nothing we know is a problem",
    files: () => [
      bytesOf("blob", Uint8Array.of(0x30, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0x00)),
      bytesOf("alg", Uint8Array.of(0x30, 0x07, 0x06, 0x03, 0x2a, 0x03, 0x04, 0x05, 0x00)),
    ],
    check: (inv) => {
      const reason = expect.stringMatching(/^DER structure that is not a certificate/);
      expect(inv.problems).toEqual([
        { path: "alg", reason },
        { path: "blob", reason },
      ]);
    },
  },
  {
    name: "OPENSSH PRIVATE KEY",
    files: () => [bytesOf("id_ed25519", opensshKey())],
    check: (inv) =>
      expect(keyOf(inv)).toMatchObject({
        format: "openssh",
        encrypted: false,
        publicKey: { algorithm: "Ed25519" },
      }),
  },
  {
    name: "identical DER across files and kubeconfig data is one record with every source",
    files: () => [
      bytesOf("z/ca.crt", f("rsa.crt")),
      text("a/bundle.pem", s("ec.crt") + s("rsa.crt")),
      text(
        "m.conf",
        `kind: Config\nclusters:\n- name: c\n  cluster:\n    certificate-authority-data: ${Buffer.from(f("rsa.crt")).toString("base64")}\n`,
      ),
    ],
    check: (inv) => {
      const rsa = inv.certificates.find((c) => c.subject === "CN=rsa");
      expect(rsa?.sources).toEqual([
        { path: "a/bundle.pem", locator: "block 2" },
        { path: "m.conf", locator: "clusters/c" },
        { path: "z/ca.crt" },
      ]);
      expect(inv.certificates).toHaveLength(2);
      expect(inv.kubeconfigs[0]?.clusters[0]?.caCertificateIds).toEqual([rsa?.id]);
    },
  },
  {
    name: "files named like PKI but empty or unreadable are problems; other noise is skipped",
    files: () => [
      text("pki/ca.crt", ""),
      text("pki/apiserver.key", "not a key"),
      text("crl.pem", "-----BEGIN X509 CRL-----\nAQID\n-----END X509 CRL-----\n"),
      text("README.md", "# Cluster notes\n\nRenew with kubeadm certs renew all.\n"),
      text(
        "kubelet.log",
        "I1122 03:22:35.000 server.go:416] Version: v1.20.2\nE1122 x509: certificate signed by unknown authority\n",
      ),
      text("ca-csr.json", '{"CN":"kubernetes","key":{"algo":"rsa","size":2048},"names":[{"O":"k8s"}]}'),
      text("deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\n"),
      bytesOf("logo.png", Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)),
      text("empty.txt", ""),
      text(
        "id_ed25519.pub",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl user@host\n",
      ),
      sampleFile("check-expiration.txt"),
    ],
    check: (inv) => {
      expect(inv.problems).toEqual([
        {
          path: "crl.pem",
          reason: "named like PKI material, but only PEM blocks of unsupported type: X509 CRL",
        },
        {
          path: "pki/apiserver.key",
          reason: "named like PKI material, but text without PEM blocks or Kubernetes configuration",
        },
        { path: "pki/ca.crt", reason: "named like PKI material, but empty file" },
      ]);
      expect(inv.skipped.map((x) => x.path)).toEqual([
        "README.md",
        "ca-csr.json",
        "check-expiration.txt",
        "deploy.yaml",
        "empty.txt",
        "id_ed25519.pub",
        "kubelet.log",
        "logo.png",
      ]);
      expect(inv.skipped.find((x) => x.path === "deploy.yaml")?.reason).toBe(
        "YAML/JSON (Deployment) without certificates or PKI configuration",
      );
      expect(inv.skipped.find((x) => x.path === "logo.png")?.reason).toBe(
        "binary file that is neither PEM nor DER",
      );
    },
  },
];

function opensshKey(): Uint8Array {
  const keyDir = tempDir();
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "id"], { cwd: keyDir });
  return readBytes(keyDir, "id");
}

describe("ingest: certificate and key files", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const inv = await ingest(c.files(), { crypto });
      c.check(inv);
    });
  }

  it("gives a certificate record every field from one read (sample apiserver.crt)", async () => {
    const inv = await ingest([sampleFile("pki/apiserver.crt")], { crypto });
    expect(inv.certificates[0]?.der).toEqual(derOf(sampleFile("pki/apiserver.crt").bytes));
    expect(inv.fileCount).toBe(1);
    expect(inv.paths).toEqual(["pki/apiserver.crt"]);
  });
});
