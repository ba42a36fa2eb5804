/**
 * The package as users get it: `npm pack` of this repository, installed by `npx` into an empty
 * folder outside the repository, offline and with an empty npm cache, so nothing of the checkout
 * (its node_modules, its sources) can stand in for what the tarball lacks.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT, runCli } from "./test-support/run-cli";

const run = promisify(execFile);

interface PackedFile {
  path: string;
}
interface PackResult {
  filename: string;
  files: PackedFile[];
}

let work: string;
let tarball: string;
let packed: PackResult;

/** npm with its cache in the scratch folder and no network: what the tarball holds must be enough. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_cache: join(work, "npm-cache"),
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    NO_COLOR: "1",
  };
  // Nothing may resolve through the checkout's packages.
  delete env.NODE_PATH;
  return env;
}

async function npx(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cwd = join(work, "empty");
  try {
    // A path npx reads as a package must start with ./ or ../ (an absolute one is run as a command).
    const spec = relative(cwd, tarball);
    const { stdout, stderr } = await run(
      "npx",
      ["--yes", spec.startsWith(".") ? spec : `./${spec}`, ...args],
      {
        cwd,
        env: npmEnv(),
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "k8s-pki-package-"));
  await run("mkdir", ["-p", join(work, "empty"), join(work, "packed")]);
  // --ignore-scripts: the bundle the tests run was built by the global setup; `prepare` would
  // rebuild it under the feet of the other test files.
  const { stdout } = await run(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", join(work, "packed")],
    { cwd: REPO_ROOT, env: { ...process.env, npm_config_update_notifier: "false" } },
  );
  const results = JSON.parse(stdout) as PackResult[];
  const first = results[0];
  if (!first) throw new Error("npm pack reported no tarball");
  packed = first;
  tarball = join(work, "packed", packed.filename);
  await cp(join(REPO_ROOT, "e2e", "fixtures", "healthy"), join(work, "node"), { recursive: true });
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("npm pack", () => {
  test("holds the bundle, the collector, the demo and the licence, and nothing of the sources", () => {
    const paths = packed.files.map((file) => file.path).sort();
    const allowed = [
      /^cli\/dist\/(k8s-pki|prepare-worker)\.mjs$/,
      /^cli\/dist\/chunks\/[\w-]+\.mjs$/,
      /^public\/demo\/demo\.tar\.gz$/,
      /^public\/k8s-pki-collect\.sh$/,
      /^(LICENSE|README\.md|package\.json)$/,
    ];
    expect(paths.filter((path) => !allowed.some((pattern) => pattern.test(path)))).toEqual([]);
    for (const needed of ["cli/dist/k8s-pki.mjs", "cli/dist/prepare-worker.mjs", "LICENSE", "README.md"])
      expect(paths).toContain(needed);
  });

  test("depends on nothing at run time: the bundle carries what it uses", async () => {
    const manifest = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      bin: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {})).toEqual([]);
    expect(manifest.bin["k8s-pki"]).toBe("cli/dist/k8s-pki.mjs");
    expect(manifest.bin["k8s-pki-explorer"]).toBe("cli/dist/k8s-pki.mjs");
  });
});

describe("npx ./k8s-pki-explorer-<version>.tgz in an empty folder, offline", () => {
  test("prints the package's version", async () => {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    const result = await npx(["--version"]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toContain(version);
  }, 120_000);

  test("audits a node folder with the same report as the checkout's command", async () => {
    const args = ["audit", join(work, "node"), "--format", "json", "--now", "2026-06-01"];
    const installed = await npx(args);
    const local = await runCli(args);
    expect(installed.code).toBe(0);
    expect(local.code).toBe(0);
    expect(installed.stdout.length).toBeGreaterThan(1000);
    expect(installed.stdout).toBe(local.stdout);
  }, 120_000);

  test("collects a node with the script it ships, and audits what it collected", async () => {
    const out = join(work, "collected.tgz");
    const collected = await npx([
      "collect",
      "--root",
      join(work, "node"),
      "--out",
      out,
      "--public-keys-only",
    ]);
    expect(collected.code).toBe(0);
    const audited = await npx(["audit", out, "--format", "json", "--now", "2026-06-01"]);
    expect(audited.code).toBe(0);
    const report = JSON.parse(audited.stdout) as { inputs: { publicHalves?: string[] } };
    expect(report.inputs.publicHalves?.length).toBeGreaterThan(10);
  }, 120_000);

  test("exits 1 on a finding and names it in the table", async () => {
    const result = await npx(["audit", join(work, "node"), "--now", "2040-01-01"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("CERT_EXPIRED");
  }, 120_000);
});
