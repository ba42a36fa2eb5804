import { execFile, execFileSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../lib/report";
import { main } from "./main";

// The CLI's verdict on inputs it could not read, with the real analysis: every such input is named in
// the report (INPUT_SKIPPED) and makes the exit code 2, unless --allow-missing.

const ROOT = resolve(import.meta.dirname, "..");
const HEALTHY = join(ROOT, "e2e", "fixtures", "healthy");
const NOW = "2026-06-01T00:00:00Z";

let base: string;
const folder = (name: string) => join(base, name);

/** A copy of the healthy node under `name`, for one case to add its bad input to. */
function healthy(name: string): string {
  cpSync(HEALTHY, folder(name), { recursive: true });
  return folder(name);
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "k8s-pki-skipped-"));
  mkdirSync(folder("empty"));
  mkdirSync(folder("only-dangling"));
  symlinkSync("/nowhere/ca.crt", join(folder("only-dangling"), "ca.crt"));
  symlinkSync("/nowhere/apiserver-2019.crt", join(healthy("dangling"), "apiserver-old.crt"));
  writeFileSync(folder("outside.pem"), "not audited");
  symlinkSync(folder("outside.pem"), join(healthy("leaving"), "extra.pem"));
  execFileSync("mkfifo", [join(healthy("fifo"), "kubelet.sock")]);
  // A gzip bomb (64 MiB of zeros) beside the node, made by the gzip command.
  writeFileSync(join(healthy("bomb"), "backup"), new Uint8Array(64 * 1024 * 1024));
  execFileSync("gzip", ["-9", "-n", join(folder("bomb"), "backup")]);
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

interface Run {
  code: number;
  report: Report;
  stderr: string;
}

async function audit(dir: string, extra: string[] = []): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await main(["audit", dir, "--format", "json", "--now", NOW, ...extra], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    clock: () => new Date(NOW),
  });
  return { code, report: JSON.parse(stdout) as Report, stderr };
}

const skipped = (report: Report) =>
  report.findings.filter((f) => f.code === "INPUT_SKIPPED").map((f) => [f.severity, f.files[0]]);

describe("k8s-pki audit on inputs it could not read", () => {
  const cases: {
    name: string;
    dir: string;
    want: number;
    allowed: number;
    findings: [string, string][];
    unread: { path: string; kind: string; reason: RegExp }[];
    stderr: RegExp[];
  }[] = [
    {
      name: "an empty folder: nothing to judge",
      dir: "empty",
      want: 2,
      allowed: 0,
      findings: [],
      unread: [],
      stderr: [
        /^k8s-pki: no files found in the input$/,
        /^k8s-pki: exit 2: nothing to judge; --allow-missing/,
      ],
    },
    {
      name: "a folder of dangling links only",
      dir: "only-dangling",
      want: 2,
      allowed: 0,
      findings: [["warning", "ca.crt"]],
      unread: [{ path: "ca.crt", kind: "unreadable", reason: /^dangling symlink to \/nowhere\/ca\.crt/ }],
      stderr: [
        /^k8s-pki: skipped ca\.crt: dangling symlink/,
        /^k8s-pki: exit 2: 1 input not read \(INPUT_SKIPPED\)/,
      ],
    },
    {
      name: "a healthy node with a dangling link",
      dir: "dangling",
      want: 2,
      allowed: 0,
      findings: [["warning", "apiserver-old.crt"]],
      unread: [{ path: "apiserver-old.crt", kind: "unreadable", reason: /^dangling symlink to \/nowhere/ }],
      stderr: [
        /^k8s-pki: skipped apiserver-old\.crt: dangling symlink/,
        /^k8s-pki: exit 2: 1 input not read/,
      ],
    },
    {
      name: "a healthy node with a link out of the folder: named, not followed, not a failure",
      dir: "leaving",
      want: 0,
      allowed: 0,
      findings: [["info", "extra.pem"]],
      unread: [
        {
          path: "extra.pem",
          kind: "outside",
          reason: /^points outside the audited folder \(.*outside\.pem\): not followed$/,
        },
      ],
      stderr: [/^k8s-pki: skipped extra\.pem: points outside the audited folder/],
    },
    {
      // The kubelet's sockets live in /var/lib/kubelet: a socket or a FIFO holds no file to read.
      name: "a healthy node with a FIFO",
      dir: "fifo",
      want: 0,
      allowed: 0,
      findings: [],
      unread: [],
      stderr: [/^k8s-pki: skipped kubelet\.sock: not a regular file$/],
    },
    {
      name: "a healthy node with a gzip bomb beside it",
      dir: "bomb",
      want: 2,
      allowed: 0,
      findings: [["warning", "backup.gz"]],
      unread: [
        { path: "backup.gz", kind: "limit", reason: /a decompression bomb, not PKI material: not read$/ },
      ],
      stderr: [/^k8s-pki: exit 2: 1 input not read/],
    },
  ];
  it.each(cases)("$name: exit $want, $allowed with --allow-missing", async (c) => {
    const run = await audit(folder(c.dir));
    expect(run.code).toBe(c.want);
    expect(skipped(run.report)).toEqual(c.findings);
    expect(run.report.inputs.unread ?? []).toEqual(
      c.unread.map(({ reason, ...rest }) => ({ ...rest, reason: expect.stringMatching(reason) })),
    );
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toEqual(c.stderr.map((line) => expect.stringMatching(line)));
    // The same report, judged on what could be read.
    const allowed = await audit(folder(c.dir), ["--allow-missing"]);
    expect(allowed.code).toBe(c.allowed);
    expect(allowed.report).toEqual(run.report);
    expect(allowed.stderr).not.toMatch(/exit 2/);
  });
});

describe("the table's and the Markdown report's closing line state the exit code the process returns", () => {
  async function closing(format: "table" | "markdown", extra: string[]) {
    let stdout = "";
    const code = await main(["audit", folder("dangling"), "--format", format, "--now", NOW, ...extra], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => undefined },
      env: { NO_COLOR: "1" },
      clock: () => new Date(NOW),
    });
    const stated = /exit (\d)/.exec(
      stdout
        .trimEnd()
        .split("\n")
        .filter((line) => /exit \d/.test(line))
        .at(-1) ?? "",
    );
    return { code, stated: Number(stated?.[1]) };
  }
  it.each([
    ["table", []],
    ["table", ["--allow-missing"]],
    ["markdown", []],
    ["markdown", ["--allow-missing"]],
  ] as const)("%s %j", async (format, extra) => {
    const { code, stated } = await closing(format, [...extra]);
    expect(code).toBe(extra.length > 0 ? 0 : 2);
    expect(stated).toBe(code);
  });
});

describe("k8s-pki audit on a file it has no permission to read", () => {
  // Root reads a chmod 000 file all the same: then the bundle runs as `nobody`, who cannot.
  const asRoot = process.getuid?.() === 0;
  let dir: string;
  beforeAll(() => {
    dir = healthy("denied");
    if (asRoot) execFileSync("chmod", ["-R", "a+rX", base]);
    chmodSync(join(dir, "etc/kubernetes/pki/sa.key"), 0o000);
  });

  it("names it in the report and exits 2", async () => {
    let code = 0;
    let stdout = "";
    let stderr = "";
    try {
      ({ stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [join(ROOT, "cli/dist/k8s-pki.mjs"), "audit", dir, "--format", "json", "--now", NOW],
        { env: { ...process.env, NO_COLOR: "1" }, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) },
      ));
    } catch (error) {
      const failed = error as { code?: unknown; stdout?: string; stderr?: string };
      if (typeof failed.code !== "number") throw error;
      ({ code } = failed as { code: number });
      stdout = failed.stdout ?? "";
      stderr = failed.stderr ?? "";
    }
    expect(stderr).toContain("k8s-pki: skipped etc/kubernetes/pki/sa.key: permission denied\n");
    expect(code).toBe(2);
    const report = JSON.parse(stdout) as Report;
    expect(report.inputs.unread).toEqual([
      { path: "etc/kubernetes/pki/sa.key", reason: "permission denied", kind: "unreadable" },
    ]);
    expect(report.findings.find((f) => f.code === "INPUT_SKIPPED")).toMatchObject({
      severity: "warning",
      title: "etc/kubernetes/pki/sa.key could not be read",
      fix: expect.stringContaining("sudo k8s-pki audit"),
    });
  });
});
