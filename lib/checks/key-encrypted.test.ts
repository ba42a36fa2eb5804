import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { fixtureDir, readTree } from "../test-support/fixtures";

/** An encrypted PKCS#8 key made by openssl, beside the healthy node. */
function encryptedKey(): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "k8s-pki-enc-"));
  const plain = join(dir, "plain.key");
  const encrypted = join(dir, "encrypted.key");
  execFileSync("openssl", [
    "genpkey",
    "-algorithm",
    "EC",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-out",
    plain,
  ]);
  execFileSync("openssl", [
    "pkcs8",
    "-topk8",
    "-v2",
    "aes-256-cbc",
    "-passout",
    "pass:secret",
    "-in",
    plain,
    "-out",
    encrypted,
  ]);
  return new Uint8Array(readFileSync(encrypted));
}

describe("KEY_ENCRYPTED", () => {
  it.each([
    { name: "a passphrase-protected key beside the healthy node", extra: true, want: 1 },
    { name: "the healthy node alone", extra: false, want: 0 },
  ])("$name", async ({ extra, want }) => {
    const files = readTree(fixtureDir("healthy"));
    if (extra) files.push({ path: "etc/kubernetes/pki/backup.key", bytes: encryptedKey() });
    const report = await analyze(files, { now: "2026-06-01T00:00:00Z" });
    const found = report.findings.filter((f) => f.code === "KEY_ENCRYPTED");
    expect(found).toHaveLength(want);
    if (want) {
      expect(found[0]).toMatchObject({ severity: "info", files: ["etc/kubernetes/pki/backup.key"] });
      expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
    }
  });
});
