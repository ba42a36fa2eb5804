import { execFile, execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../lib/report";

// `--password-file` through the binary, on a PKCS#12 file made by `openssl pkcs12 -export`.

const ROOT = resolve(import.meta.dirname, "..");
const BIN = join(ROOT, "cli", "dist", "k8s-pki.mjs");
const NOW = "2026-06-01T00:00:00Z";
const SECRET = "correct horse";

let dir: string;
let input: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "k8s-pki-p12-"));
  input = join(dir, "in");
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "k.pem");
  run("req", "-x509", "-key", "k.pem", "-out", "c.pem", "-subj", "/CN=front", "-days", "3650");
  await mkdir(input);
  run(
    "pkcs12",
    "-export",
    "-in",
    "c.pem",
    "-inkey",
    "k.pem",
    "-out",
    join(input, "front.pfx"),
    "-passout",
    `pass:${SECRET}`,
  );
  await writeFile(join(dir, "right.txt"), `first guess\r\n\r\n${SECRET}\n`);
  await writeFile(join(dir, "wrong.txt"), "first guess\n");
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe("k8s-pki audit --password-file", () => {
  it.each([
    {
      name: "no password: locked, reported as info",
      files: [],
      title: /password-protected PKCS#12/,
      certs: 0,
    },
    { name: "a wrong password: said plainly", files: ["wrong.txt"], title: /wrong password/, certs: 0 },
    {
      name: "the right one on a later line: opened",
      files: ["wrong.txt", "right.txt"],
      title: undefined,
      certs: 1,
    },
  ])("$name", async ({ files, title, certs }) => {
    const args = files.flatMap((file) => ["--password-file", join(dir, file)]);
    const result = await cli(["audit", input, "--format", "json", "--now", NOW, ...args]);
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(result.stdout + result.stderr).not.toContain("first guess");
    const report = JSON.parse(result.stdout) as Report;
    expect(report.findings.filter((f) => f.code === "PARSE_ERROR")).toEqual([]);
    expect(report.certificates).toHaveLength(certs);
    const locked = report.findings.filter((f) => f.code === "KEY_ENCRYPTED");
    if (title) {
      expect(locked).toEqual([expect.objectContaining({ severity: "info", files: ["front.pfx"] })]);
      expect(locked[0]?.title).toMatch(title);
    } else {
      expect(locked).toEqual([]);
      expect(report.certificates[0]?.keyPaths).toEqual(["front.pfx#bag 2"]);
    }
  });

  it("names a password file it cannot read, and exits 2", async () => {
    const result = await cli(["audit", input, "--password-file", join(dir, "absent.txt")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot read --password-file '.*absent\.txt' \(ENOENT\)/);
  });
});
