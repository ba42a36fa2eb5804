/**
 * The node collector (public/k8s-pki-collect.sh) as tests run it: on a node tree copied from a
 * fixture, with noise a real node has, under dash or busybox sh, in a temporary folder per test
 * file; its archive read back with the analysis's own tar reader; reports compared with the node
 * folder's. The node's secrets and the search for them are in node-secrets.ts.
 */
import { execFile, execFileSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll } from "vitest";
import { readTar, type TarEntry } from "../../lib/ingest/read-tar";
import type { Report } from "../../lib/report";
import { REPO_ROOT, runCli } from "./run-cli";

export const COLLECTOR = join(REPO_ROOT, "public", "k8s-pki-collect.sh");
export const FIXTURES = join(REPO_ROOT, "e2e", "fixtures");

/** The hostname written into every noisy node tree: the archive's top folder. */
export const HOST = "collect-test-node";
/** `--now` for the fixtures of e2e/fixtures/healthy and faults/, and for the installers' layouts. */
export const FIXTURE_NOW = "2026-06-01T00:00:00Z";
export const LAYOUT_NOW = "2026-12-01T00:00:00Z";

/** The applets the collector needs, for a PATH where every tool (tar too) is busybox's. */
const BUSYBOX_APPLETS = [
  "sh",
  "tar",
  "gzip",
  "cp",
  "mkdir",
  "ls",
  "awk",
  "sed",
  "tr",
  "wc",
  "grep",
  "find",
  "mktemp",
  "date",
  "hostname",
  "uname",
  "rm",
  "mv",
  "ln",
  "readlink",
  "cat",
  "sort",
  "uniq",
  "head",
  "cut",
  "id",
  "chown",
  "od",
];

/**
 * A folder of busybox applets (and, with `openssl`, the system's openssl) to use as the whole PATH.
 */
export function busyboxPath(dir: string, { openssl }: { openssl: boolean }): string {
  mkdirSync(dir, { recursive: true });
  for (const applet of BUSYBOX_APPLETS) symlinkSync("/usr/bin/busybox", join(dir, applet));
  if (openssl)
    symlinkSync(execFileSync("sh", ["-c", "command -v openssl"]).toString().trim(), join(dir, "openssl"));
  return dir;
}

export type Shell = "dash" | "busybox";

export interface CollectResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the collector under `shell` with `args`; with `path`, that is the whole PATH. */
export async function runCollector(shell: Shell, args: string[], path?: string): Promise<CollectResult> {
  const [file, pre] = shell === "dash" ? ["/usr/bin/dash", []] : ["/usr/bin/busybox", ["sh"]];
  try {
    const { stdout, stderr } = await promisify(execFile)(file, [...pre, COLLECTOR, ...args], {
      env: path === undefined ? process.env : { ...process.env, PATH: path },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

export interface CollectOptions {
  shell?: Shell;
  /** The whole PATH of the run (default: this process's). */
  path?: string;
  publicKeysOnly?: boolean;
}

/** The collector on the node tree `root`, its archive written to `out` (under dash by default). */
export function collect(root: string, out: string, options: CollectOptions = {}): Promise<CollectResult> {
  const args = ["--root", root, "--out", out];
  if (options.publicKeysOnly) args.push("--public-keys-only");
  return runCollector(options.shell ?? "dash", args, options.path);
}

/** Every entry of a .tgz, as the analysis reads it. */
export function archiveEntries(path: string): TarEntry[] {
  const { entries, problems } = readTar(new Uint8Array(gunzipSync(readFileSync(path))));
  if (problems.length > 0) throw new Error(`${path}: ${problems.join("; ")}`);
  return entries;
}

/** The text of the first entry whose path ends with `suffix` ("" when there is none). */
export function entryText(entries: TarEntry[], suffix: string): string {
  return Buffer.from(entries.find((entry) => entry.path.endsWith(suffix))?.bytes ?? []).toString("utf8");
}

/** What a node has besides its PKI: what the collector must step over, and the files it notes. */
export interface NoisyNode {
  root: string;
  /** The name in the tree's etc/hostname: the archive's top folder. */
  host: string;
  /** The listening socket, to close after the run. */
  socket: Server;
}

/**
 * Copy a fixture node to `root` (links kept as links) and add what a real node has around its PKI:
 * a socket, a FIFO, a 5 MiB log and a 5 MiB YAML file, databases, two links in a loop, a link to its own parent folder,
 * a dangling link; a kubelet client certificate held as a regular file becomes the dated file with
 * `kubelet-client-current.pem` an absolute link to it, as the kubelet writes them.
 */
export async function noisyNode(fixture: string, root: string, host: string): Promise<NoisyNode> {
  cpSync(fixture, root, { recursive: true, verbatimSymlinks: true });
  mkdirSync(join(root, "etc", "kubernetes", "noise"), { recursive: true });
  writeFileSync(join(root, "etc", "hostname"), `${host}\n`);
  const noise = join(root, "etc", "kubernetes", "noise");
  execFileSync("mkfifo", [join(noise, "events.fifo")]);
  writeFileSync(join(noise, "audit.log"), Buffer.alloc(5 * 1024 * 1024, "a"));
  writeFileSync(join(noise, "huge.yaml"), Buffer.alloc(5 * 1024 * 1024, "a"));
  writeFileSync(join(noise, "state.db"), "SQLite format 3\0");
  mkdirSync(join(root, "var", "lib", "rancher", "k3s", "server", "db"), { recursive: true });
  writeFileSync(join(root, "var", "lib", "rancher", "k3s", "server", "db", "state.db"), "SQLite format 3\0");
  symlinkSync("loop-b", join(noise, "loop-a"));
  symlinkSync("loop-a", join(noise, "loop-b"));
  symlinkSync("..", join(noise, "up"));
  symlinkSync("/etc/kubernetes/pki/gone.crt", join(noise, "old.crt"));
  const pki = join(root, "var", "lib", "kubelet", "pki");
  const current = join(pki, "kubelet-client-current.pem");
  if (existsSync(current) && lstatSync(current).isFile()) {
    const dated = "kubelet-client-2026-01-01-00-00-00.pem";
    renameSync(current, join(pki, dated));
    symlinkSync(`/var/lib/kubelet/pki/${dated}`, current);
  }
  const socket = createServer();
  await new Promise<void>((resolve) => socket.listen(join(noise, "kubelet.sock"), resolve));
  return { root, host, socket };
}

/** One test file's temporary folder, and the runs of the collector made in it. */
export interface CollectorWorkspace {
  /** A path inside the folder. */
  file(name: string): string;
  /** The PATH for a run under `shell`: busybox's applets and openssl alone, or this process's. */
  path(shell: Shell): string | undefined;
  /**
   * The fixture node `dir` (below e2e/fixtures) made noisy in the folder and collected under `shell`;
   * `name` (default: from `dir` and `shell`) names its tree and its archive.
   */
  collectNoisy(
    dir: string,
    shell: Shell,
    options?: { publicKeysOnly?: boolean; name?: string },
  ): Promise<{ out: string; result: CollectResult }>;
}

/**
 * A temporary folder for the calling test file, with a folder of busybox applets (and openssl) to
 * run the collector under busybox with nothing else on its PATH: made before the file's tests,
 * removed after them.
 */
export function collectorWorkspace(prefix: string): CollectorWorkspace {
  let temp = "";
  let busyboxBin = "";
  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), prefix));
    busyboxBin = busyboxPath(join(temp, "busybox-bin"), { openssl: true });
  });
  afterAll(async () => {
    await rm(temp, { recursive: true, force: true });
  });
  const workspace: CollectorWorkspace = {
    file: (name) => join(temp, name),
    path: (shell) => (shell === "busybox" ? busyboxBin : undefined),
    async collectNoisy(dir, shell, { publicKeysOnly, name = `${dir.replace(/\//g, "_")}-${shell}` } = {}) {
      const node = await noisyNode(join(FIXTURES, dir), workspace.file(name), HOST);
      try {
        const out = workspace.file(`${name}.tgz`);
        const path = workspace.path(shell);
        return { out, result: await collect(node.root, out, { shell, path, publicKeysOnly }) };
      } finally {
        node.socket.close();
      }
    },
  };
  return workspace;
}

/** Make every folder of `root` listable and every file readable by anyone (for a run as nobody). */
export function openToAll(root: string): void {
  execFileSync("chmod", ["-R", "a+rX", root]);
  chmodSync(root, 0o755);
}

/** `k8s-pki audit <input> --format json --now <now>`: the report (exit 1 is a verdict like 0). */
export async function auditReport(input: string, now: string): Promise<Report> {
  const result = await runCli(["audit", input, "--format", "json", "--now", now]);
  if (result.code !== 0 && result.code !== 1)
    throw new Error(`audit ${input} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Report;
}

/** The report of each fixture folder, audited once per test file. */
const folderReports = new Map<string, Promise<Report>>();

/**
 * The reports of the fixture folder `dir` and of the archive `out` collected from it, for
 * comparing their verdicts.
 */
export async function reportsOf(
  dir: string,
  out: string,
  now: string,
): Promise<{ folder: Report; archive: Report }> {
  const key = `${dir} ${now}`;
  let folder = folderReports.get(key);
  if (!folder) folderReports.set(key, (folder = auditReport(join(FIXTURES, dir), now)));
  const [folderReport, archive] = await Promise.all([folder, auditReport(out, now)]);
  return { folder: folderReport, archive };
}

/**
 * What two reports must share: the layout, each relationship's status and finding codes, each
 * finding's code, severity and files; paths without the archive's `<host>/` top folder.
 */
export function verdict(report: Report, host?: string) {
  const strip = (text: string) =>
    host === undefined ? text : text.replace(new RegExp(`(^|[:,\\s])${host}/`, "g"), "$1");
  return {
    layout: report.layout?.name,
    relationships: report.relationships
      .map(({ key, status, findings }) => `${strip(key)} ${status} ${findings.join(",")}`)
      .sort(),
    findings: report.findings
      .map(({ code, severity, files }) => `${code} ${severity} ${files.map(strip).join(",")}`)
      .sort(),
  };
}
