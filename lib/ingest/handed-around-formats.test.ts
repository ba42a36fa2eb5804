/**
 * Certificate files as people hand them around, beyond a kubeadm tree: what `openssl pkcs12 -nodes`
 * prints (Bag Attributes before each block), CA bundles of several certificates in one file, and DER
 * certificates and PKCS#8 keys under names that say nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW } from "../test-support/fixtures";
import { openssl, readBytes, tempDir } from "../test-support/pki-material";
import type { InputFile } from "../inventory";

let dir = "";
const f = (name: string) => readBytes(dir, name);

beforeAll(() => {
  dir = tempDir();
  const run = (...args: string[]) => openssl(args, dir);
  const days = ["-days", "3650"];
  run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "root.key");
  run("req", "-x509", "-key", "root.key", "-out", "root.crt", "-subj", "/CN=root-ca", ...days);
  run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "etcd.key");
  run("req", "-x509", "-key", "etcd.key", "-out", "etcd.crt", "-subj", "/CN=etcd-ca", ...days);
  run("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "leaf.key");
  run("req", "-x509", "-key", "leaf.key", "-out", "leaf.crt", "-subj", "/CN=leaf", ...days);
  run(
    "pkcs12",
    "-export",
    "-in",
    "leaf.crt",
    "-inkey",
    "leaf.key",
    "-certfile",
    "root.crt",
    "-out",
    "x.p12",
    "-passout",
    "pass:pw",
  );
  run("pkcs12", "-in", "x.p12", "-nodes", "-passin", "pass:pw", "-out", "x-nodes.pem");
  run("x509", "-in", "leaf.crt", "-outform", "DER", "-out", "leaf.der");
  run("pkcs8", "-topk8", "-nocrypt", "-in", "leaf.key", "-outform", "DER", "-out", "leaf-pk8.der");
});

const bundle = () => new Uint8Array([...f("root.crt"), ...f("etcd.crt"), ...f("leaf.crt")]);

describe("formats handed around", () => {
  it.each([
    {
      name: "`openssl pkcs12 -nodes` output: Bag Attributes and subject lines before each block",
      files: (): InputFile[] => [{ path: "export.pem", bytes: f("x-nodes.pem") }],
      certs: ["CN=leaf", "CN=root-ca"],
      leafKey: ["export.pem#block 3"],
    },
    {
      name: "a CA bundle of several certificates in one file",
      files: (): InputFile[] => [{ path: "ca-bundle.crt", bytes: bundle() }],
      certs: ["CN=root-ca", "CN=etcd-ca", "CN=leaf"],
      leafKey: [],
    },
    {
      name: "a DER certificate and a DER PKCS#8 key under names that say nothing",
      files: (): InputFile[] => [
        { path: "blob1", bytes: f("leaf.der") },
        { path: "secret.bin", bytes: f("leaf-pk8.der") },
      ],
      certs: ["CN=leaf"],
      leafKey: ["secret.bin"],
    },
  ])("$name", async ({ files, certs, leafKey }) => {
    const report = await analyze(files(), { now: FIXTURE_NOW });
    expect(report.findings.filter((x) => x.code === "PARSE_ERROR")).toEqual([]);
    expect(report.inputs.skipped).toEqual([]);
    expect(report.certificates.map((c) => c.subject)).toEqual(certs);
    expect(report.certificates.find((c) => c.subject === "CN=leaf")?.keyPaths).toEqual(leafKey);
  });
});
