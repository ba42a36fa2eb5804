/**
 * `k8s-pki collect` runs the same script the site serves, found from the bundle as an installed
 * package finds it; the script's exit codes, its run as a user who cannot read every file, and
 * shellcheck's verdict on it as POSIX sh.
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTOR_SCRIPT, runCollect } from "./collect";
import { archiveEntries, COLLECTOR, FIXTURES, openToAll, runCollector } from "./test-support/collector";
import { REPO_ROOT, runCli } from "./test-support/run-cli";

const HEALTHY = join(FIXTURES, "healthy");

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "k8s-pki-collect-cli-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("k8s-pki collect", () => {
  it("runs the site's collector and returns its exit code, its output passed through", async () => {
    const out = join(temp, "cli.tgz");
    const result = await runCli(["collect", "--root", HEALTHY, "--out", out, "--public-keys-only"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^ {2}kubeadm {4}\/etc\/kubernetes +31 files$/m);
    expect(result.stderr).toContain(`Wrote ${out} (`);
    const paths = archiveEntries(out).map((entry) => entry.path);
    expect(paths.filter((path) => path.endsWith("/etc/kubernetes/pki/ca.crt"))).toHaveLength(1);
    // The collector's own codes come through: 1, nothing found under the root.
    mkdirSync(join(temp, "no-pki"));
    expect(
      await runCli(["collect", "--root", join(temp, "no-pki"), "--out", join(temp, "none.tgz")]),
    ).toMatchObject({
      code: 1,
    });
  });

  it("refuses a bad option itself, with exit 2, before any shell runs", async () => {
    const result = await runCli(["collect", "--root", HEALTHY, "--format", "json"]);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "k8s-pki: unknown option '--format': use k8s-pki collect [--root DIR] [--out FILE] [--public-keys-only] [--objects] [--served]\n",
    });
  });

  it("shows the collector's own help", async () => {
    const result = await runCli(["collect", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Usage: sh k8s-pki-collect\.sh \[--root DIR\] \[--out FILE\] \[--public-keys-only\]/,
    );
    expect(result.stdout).toBe(execFileSync("sh", [COLLECTOR, "--help"]).toString());
  });

  it("finds the script from an installed package's bundle, and says so when it is missing", async () => {
    // An install as npm lays it out: package.json, the bundle, and the files listed in `files`.
    const pkg = join(temp, "installed");
    cpSync(join(REPO_ROOT, "cli", "dist"), join(pkg, "cli", "dist"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "k8s-pki-explorer", version: "0.0.0" }));
    const bin = join(pkg, "cli", "dist", "k8s-pki.mjs");
    const run = async (args: string[]) =>
      promisify(execFile)(process.execPath, [bin, ...args]).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const missing = await run(["collect", "--help"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `k8s-pki: the collector ${join(pkg, COLLECTOR_SCRIPT)} is missing from this installation\n`,
    );
    mkdirSync(join(pkg, "public"));
    cpSync(COLLECTOR, join(pkg, COLLECTOR_SCRIPT));
    const found = await run(["collect", "--help"]);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain("Usage: sh k8s-pki-collect.sh");
  });

  it("says on Windows that the collector needs a POSIX shell", async () => {
    let stderr = "";
    const code = await runCollect(
      { kind: "collect", publicKeysOnly: true, help: false },
      { stderr: { write: (text: string) => (stderr += text) }, platform: "win32" },
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/^k8s-pki: collect runs a POSIX sh script, which Windows does not have/);
  });
});

describe("the collector's exit codes", () => {
  const cases: { name: string; args: () => string[]; code: number; stderr: RegExp; archive?: string }[] = [
    {
      name: "an unknown option",
      args: () => ["--bogus"],
      code: 2,
      stderr: /unknown option or argument '--bogus'\nUsage: sh/,
    },
    { name: "an argument", args: () => ["/etc"], code: 2, stderr: /unknown option or argument '\/etc'/ },
    { name: "--root without a folder", args: () => ["--root"], code: 2, stderr: /--root needs a folder/ },
    {
      name: "a root that is no folder",
      args: () => ["--root", join(temp, "absent")],
      code: 2,
      stderr: /--root '.*absent' is not a folder/,
    },
    {
      name: "nothing found: no archive",
      args: () => ["--root", join(temp, "empty-node"), "--out", join(temp, "empty.tgz")],
      code: 1,
      stderr: /Nothing found: no Kubernetes PKI file below .*empty-node\. No archive was written\./,
      archive: "empty.tgz",
    },
    {
      name: "an archive that cannot be written",
      args: () => ["--root", HEALTHY, "--out", join(temp, "no-such-folder", "node.tgz")],
      code: 3,
      stderr: /cannot write .*no-such-folder\/node\.tgz: the folder .* does not exist or is not writable/,
      archive: "no-such-folder/node.tgz",
    },
  ];
  it.each(cases)("$name: exit $code", async ({ args, code, stderr, archive }) => {
    mkdirSync(join(temp, "empty-node", "etc", "kubernetes"), { recursive: true });
    const result = await runCollector("dash", args());
    expect(result.stderr).toMatch(stderr);
    expect(result.code).toBe(code);
    if (archive) expect(existsSync(join(temp, archive))).toBe(false);
  });
});

describe("the collector as a user who cannot read every file", () => {
  it("names what it could not read and archives the rest", async () => {
    const root = join(temp, "node-for-nobody");
    cpSync(HEALTHY, root, { recursive: true });
    const copy = join(temp, "k8s-pki-collect.sh");
    cpSync(COLLECTOR, copy);
    const out = join(temp, "nobody-out");
    mkdirSync(out);
    openToAll(temp);
    chmodSync(join(root, "etc", "kubernetes", "pki", "ca.key"), 0o000);
    chmodSync(join(root, "etc", "kubernetes", "manifests"), 0o700);
    const archive = join(out, "node.tgz");
    const command = `dash ${copy} --root ${root} --out ${archive}`;
    // As root, run it as nobody (tests run as root); as anyone else, the modes above deny them anyway.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(out, Number(execFileSync("id", ["-u", "nobody"]).toString()), 0);
    const result = await promisify(execFile)(
      asRoot ? "su" : "sh",
      asRoot ? ["-s", "/bin/sh", "nobody", "-c", command] : ["-c", command],
    ).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.stderr).toContain(
      "  /etc/kubernetes/pki/ca.key: permission denied (run as root to read it)\n",
    );
    expect(result.stderr).toContain(
      "  /etc/kubernetes/manifests: a folder that cannot be listed: permission denied (run as root)\n",
    );
    expect(result.stderr).toContain(
      "Some files could not be read: run it as root (sudo sh k8s-pki-collect.sh ...)",
    );
    expect(result.code).toBe(0);
    const paths = archiveEntries(archive).map((entry) => entry.path.replace(/^[^/]+\//, ""));
    expect(paths).toContain("etc/kubernetes/pki/ca.crt");
    expect(paths).toContain("etc/kubernetes/pki/etcd/ca.key");
    expect(paths).not.toContain("etc/kubernetes/pki/ca.key");
    expect(paths.filter((path) => path.startsWith("etc/kubernetes/manifests/"))).toEqual([]);
  });
});

describe("the collector's source", () => {
  it("is POSIX sh that shellcheck passes", async () => {
    const result = await promisify(execFile)("shellcheck", ["-s", "sh", COLLECTOR]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.stdout).toBe("");
    expect(result.code).toBe(0);
  });
});
