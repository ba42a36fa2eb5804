import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";

import { fixtureDir, readTree } from "../../lib/test-support/fixtures";
import { findKeyLeak, keyMaterial, keyWindows, publicMaterial, WINDOW } from "./key-windows";

const files = readTree(fixtureDir("healthy"));
const text = (path: string) => {
  const file = files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`healthy has no ${path}`);
  return Buffer.from(file.bytes).toString("utf8");
};
const pemBody = (pem: string) =>
  pem
    .split("\n")
    .filter((line) => line && !line.startsWith("-----"))
    .join("");
const kubeconfigKey = (path: string) => /client-key-data: (\S+)/.exec(text(path))?.[1] ?? "";

const material = keyMaterial(files);
const windows = keyWindows(material, publicMaterial(files));
const caKey = pemBody(text("etc/kubernetes/pki/ca.key"));
const adminKey = kubeconfigKey("etc/kubernetes/admin.conf");

describe("private key text", () => {
  it("is read from every key file and every kubeconfig's client-key-data", () => {
    const paths = new Set(material.map((key) => key.path));
    expect(paths).toContain("etc/kubernetes/pki/ca.key");
    expect(paths).toContain("etc/kubernetes/pki/sa.key");
    expect(paths).toContain("etc/kubernetes/admin.conf#client-key-data");
    expect(paths).toContain("var/lib/kubelet/pki/kubelet-client-current.pem");
  });

  it.each([
    {
      name: "a PEM key's body, mid-line",
      output: `path ${caKey.slice(100, 100 + WINDOW)} end`,
      want: "etc/kubernetes/pki/ca.key",
    },
    {
      name: "the same across a line break of the PEM",
      output: caKey.slice(58, 58 + WINDOW),
      want: "etc/kubernetes/pki/ca.key",
    },
    {
      name: "client-key-data as written",
      output: `"server": "${adminKey.slice(200, 260)}"`,
      want: "etc/kubernetes/admin.conf#client-key-data",
    },
    {
      name: "the PEM body client-key-data decodes to",
      output: pemBody(Buffer.from(adminKey, "base64").toString("latin1")).slice(10, 30),
      want: "etc/kubernetes/admin.conf#client-key-data",
    },
  ])("is found: $name", ({ output, want }) => {
    expect(findKeyLeak(output, windows)?.keyPath).toBe(want);
  });

  it.each([
    { name: "one character short of a window", output: caKey.slice(100, 100 + WINDOW - 1) },
    { name: "a certificate's body", output: pemBody(text("etc/kubernetes/pki/ca.crt")) },
    { name: "the base64 of a key's armour (the same in every kubeconfig)", output: adminKey.slice(0, 40) },
    {
      name: "a CA's certificate-authority-data",
      output: /certificate-authority-data: (\S+)/.exec(text("etc/kubernetes/admin.conf"))?.[1] ?? "",
    },
    { name: "a sha256 in hex", output: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" },
  ])("is not seen in $name", ({ output }) => {
    expect(output.length).toBeGreaterThanOrEqual(WINDOW - 1);
    expect(findKeyLeak(output, windows)).toBeUndefined();
  });
});
