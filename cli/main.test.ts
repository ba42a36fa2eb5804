import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleReport } from "../lib/format/sample-report";
import type { Report } from "../lib/report";
import { type AnalyzeFunction, type CliContext, main } from "./main";

// main() wired to a fixed report: these tests pin the CLI's own duties (streams, colour, exit code,
// options handed to the analysis). The real analysis runs in k8s-pki.test.ts, through the binary.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "k8s-pki-main-"));
  await writeFile(join(dir, "ca.crt"), "not really a certificate");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  calls: Parameters<AnalyzeFunction>[];
}

async function run(
  argv: string[],
  report: Report,
  tty: Partial<CliContext["stdout"]> = {},
  env: CliContext["env"] = {},
): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const calls: Parameters<AnalyzeFunction>[] = [];
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text), ...tty },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    clock: () => new Date("2030-01-02T03:04:05Z"),
    analyze: async (...args) => {
      calls.push(args);
      return report;
    },
  });
  return { code, stdout, stderr, calls };
}

const clean = sampleReport({
  findings: sampleReport().findings.filter((finding) => finding.severity !== "error"),
});

describe("main", () => {
  const exitCases: { name: string; report: Report; want: number }[] = [
    { name: "an error finding exits 1", report: sampleReport(), want: 1 },
    { name: "warnings only exit 0", report: clean, want: 0 },
  ];
  it.each(exitCases)("$name", async ({ report, want }) => {
    const result = await run(["audit", dir, "--format", "json"], report);
    expect(result.code).toBe(want);
    expect(result.stderr).toBe("");
  });

  const failOnCases: { name: string; report: Report; argv: string[]; want: number }[] = [
    { name: "warnings fail with --fail-on warning", report: clean, argv: ["--fail-on", "warning"], want: 1 },
    { name: "warnings pass with --fail-on error", report: clean, argv: ["--fail-on", "error"], want: 0 },
    {
      name: "info alone never fails",
      report: sampleReport({ findings: clean.findings.filter((finding) => finding.severity === "info") }),
      argv: ["--fail-on", "warning"],
      want: 0,
    },
  ];
  it.each(failOnCases)("$name", async ({ report, argv, want }) => {
    const result = await run(["audit", dir, "--no-color", ...argv], report);
    expect(result.code).toBe(want);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toMatch(new RegExp(`— exit ${want}$`));
  });

  it("prints exactly the JSON report on stdout", async () => {
    const report = sampleReport();
    const result = await run(["audit", dir, "--format", "json"], report);
    expect(result.stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });

  it("hands the files, --now and the thresholds to the analysis", async () => {
    const result = await run(
      [
        "audit",
        dir,
        "--now",
        "2026-12-01",
        "--warn-days",
        "60",
        "--warn-fraction",
        "20%",
        "--ca-horizon-days",
        "730",
        "--format",
        "markdown",
      ],
      clean,
    );
    const [files, options] = result.calls[0] ?? [];
    expect(files?.map((file) => file.path)).toEqual(["ca.crt"]);
    expect(options?.now.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(options?.warnDays).toBe(60);
    expect(options?.warnFraction).toBe(0.2);
    expect(options?.caHorizonDays).toBe(730);
    expect(options?.crypto).toBe(globalThis.crypto);
    expect(result.stdout.startsWith("# Kubernetes PKI audit\n")).toBe(true);
  });

  it("judges at the real clock when --now is absent", async () => {
    const result = await run(["audit", dir], clean);
    expect(result.calls[0]?.[1].now.toISOString()).toBe("2030-01-02T03:04:05.000Z");
    expect(result.calls[0]?.[1].warnDays).toBeUndefined();
    expect(result.calls[0]?.[1].warnFraction).toBeUndefined();
    expect(result.calls[0]?.[1].caHorizonDays).toBeUndefined();
  });

  const colorCases: { name: string; argv: string[]; tty: boolean; env: CliContext["env"]; want: boolean }[] =
    [
      { name: "terminal", argv: [], tty: true, env: {}, want: true },
      { name: "pipe", argv: [], tty: false, env: {}, want: false },
      { name: "NO_COLOR", argv: [], tty: true, env: { NO_COLOR: "1" }, want: false },
      { name: "empty NO_COLOR does not count", argv: [], tty: true, env: { NO_COLOR: "" }, want: true },
      { name: "--no-color", argv: ["--no-color"], tty: true, env: {}, want: false },
    ];
  it.each(colorCases)("colours the table only on a terminal: $name", async ({ argv, tty, env, want }) => {
    const result = await run(["audit", dir, ...argv], sampleReport(), { isTTY: tty, columns: 120 }, env);
    expect(result.stdout.includes("\u001b[")).toBe(want);
  });

  it.each(colorCases)("colours the plan only on a terminal: $name", async ({ argv, tty, env, want }) => {
    const result = await run(
      ["audit", dir, "--format", "plan", ...argv],
      sampleReport(),
      { isTTY: tty, columns: 120 },
      env,
    );
    expect(result.stdout.startsWith("K8s PKI renewal plan")).toBe(!want);
    expect(result.stdout.includes("\u001b[")).toBe(want);
  });

  it("uses the terminal's width for the table", async () => {
    const result = await run(["audit", dir, "--no-color"], sampleReport(), { isTTY: true, columns: 70 });
    const longest = Math.max(...result.stdout.split("\n").map((line) => [...line].length));
    expect(longest).toBeLessThanOrEqual(70);
    expect(longest).toBeGreaterThan(50);
  });

  it("reports an unreadable input on stderr with exit 2 and an empty stdout", async () => {
    const result = await run(["audit", join(dir, "missing")], sampleReport());
    expect(result).toMatchObject({ code: 2, stdout: "", calls: [] });
    expect(result.stderr).toMatch(/^k8s-pki: cannot read '.*missing': no such file or directory\n$/);
  });
});

describe("main's progress line", () => {
  /** An audit whose analysis reports each stage, on a clock that advances `step` ms per reading. */
  async function audit(
    argv: string[],
    streams: { stdout: Partial<CliContext["stdout"]>; stderr: Partial<CliContext["stderr"]> },
    env: CliContext["env"] = {},
    step = 150,
  ): Promise<{ stdout: string; stderr: string; beforeReport: string }> {
    let stdout = "";
    let stderr = "";
    /** What stderr held when the report was written. */
    let beforeReport = "";
    let now = 0;
    await main(["audit", dir, ...argv], {
      stdout: {
        write: (text: string) => {
          if (stdout === "") beforeReport = stderr;
          stdout += text;
        },
        ...streams.stdout,
      },
      stderr: { write: (text: string) => (stderr += text), ...streams.stderr },
      env,
      clock: () => new Date("2030-01-02T03:04:05Z"),
      monotonic: () => (now += step),
      analyze: async (_files, options) => {
        for (const stage of ["read", "verify", "report"] as const)
          for (let done = 0; done <= 2; done++) options.onProgress?.({ stage, done, total: 2 });
        return clean;
      },
    });
    return { stdout, stderr, beforeReport };
  }

  const terminal = { isTTY: true, columns: 100 };
  const cases: {
    name: string;
    argv?: string[];
    stdout: Partial<CliContext["stdout"]>;
    stderr: Partial<CliContext["stderr"]>;
    env?: CliContext["env"];
    want: boolean;
  }[] = [
    { name: "both on a terminal", stdout: terminal, stderr: terminal, want: true },
    {
      name: "the report redirected to a file",
      argv: ["--format", "markdown"],
      stdout: { isFile: true },
      stderr: terminal,
      want: true,
    },
    { name: "the report piped", stdout: {}, stderr: terminal, want: false },
    { name: "stderr piped", stdout: terminal, stderr: {}, want: false },
    {
      name: "JSON on a terminal",
      argv: ["--format", "json"],
      stdout: terminal,
      stderr: terminal,
      want: false,
    },
    { name: "a dumb terminal", stdout: terminal, stderr: terminal, env: { TERM: "dumb" }, want: false },
  ];
  it.each(cases)("$name: shown $want", async ({ argv = [], stdout, stderr, env, want }) => {
    const result = await audit([...argv, "--no-color"], { stdout, stderr }, env);
    expect(result.stderr.includes("\r\u001b[K")).toBe(want);
    if (want) {
      expect(result.stderr).toContain("\r\u001b[Kparsing files… 0 / 2");
      expect(result.stderr).toContain("\r\u001b[Kjudging relationships… 2 / 2");
      // Cleared before the report is written, and nothing drawn after.
      expect(result.beforeReport.endsWith("\r\u001b[K")).toBe(true);
      expect(result.stderr).toBe(result.beforeReport);
    }
    expect(result.stdout.includes("\r")).toBe(false);
  });

  it("stays silent when the audit ends within its delay", async () => {
    const result = await audit(["--no-color"], { stdout: terminal, stderr: terminal }, {}, 1);
    expect(result.stderr).toBe("");
  });
});
