import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../lib/report";
import { runCli, type CliResult } from "./test-support/run-cli";

// The command as users run it: a child process of the bundle, `node cli/dist/k8s-pki.mjs` (built
// afresh before the tests by cli/test-support/build-cli-setup.ts).

const ROOT = resolve(import.meta.dirname, "..");
const SAMPLE = join(ROOT, "e2e", "fixtures", "kubeadm-v1.20");
const FAULTS = join(ROOT, "e2e", "fixtures", "faults");
/** The fault fixtures' judge date. */
const FIXTURE_NOW = "2026-06-01T00:00:00Z";
const NOW = "2026-12-01T00:00:00Z";

const cli = runCli;

describe("k8s-pki usage", () => {
  const usageErrors: { name: string; args: string[]; want: RegExp }[] = [
    { name: "no arguments", args: [], want: /missing command/ },
    { name: "unknown flag", args: ["audit", SAMPLE, "--frobnicate"], want: /unknown option '--frobnicate'/ },
    { name: "bad --now", args: ["audit", SAMPLE, "--now", "next tuesday"], want: /bad --now 'next tuesday'/ },
    {
      name: "bad --warn-days",
      args: ["audit", SAMPLE, "--warn-days", "soon"],
      want: /bad --warn-days 'soon'/,
    },
    { name: "no input", args: ["audit"], want: /no input/ },
    {
      name: "bad --warn-fraction",
      args: ["audit", SAMPLE, "--warn-fraction", "10"],
      want: /bad --warn-fraction '10': expected a share of the lifetime from 0 to 1/,
    },
    {
      name: "bad --ca-horizon-days",
      args: ["audit", SAMPLE, "--ca-horizon-days", "a year"],
      want: /bad --ca-horizon-days 'a year'/,
    },
    { name: "bad --fail-on", args: ["audit", SAMPLE, "--fail-on", "info"], want: /unknown --fail-on 'info'/ },
    { name: "unknown format", args: ["audit", SAMPLE, "--format", "xml"], want: /unknown format 'xml'/ },
    { name: "unknown scenario", args: ["generate", "nope", "lab"], want: /unknown scenario 'nope'/ },
    { name: "generate without output", args: ["generate", "healthy"], want: /no output: give a folder/ },
    {
      name: "missing path",
      args: ["audit", join(ROOT, "no-such-dir")],
      want: /cannot read '.*no-such-dir': no such file or directory/,
    },
  ];
  it.each(usageErrors)("$name: exit 2, one line on stderr, nothing on stdout", async ({ args, want }) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(want);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("prints help on stdout with exit 0", async () => {
    const result = await cli(["--help"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("k8s-pki audit <dir|archive|file>...");
    expect(result.stdout).toContain("k8s-pki generate <scenario|healthy> <dir> [--force]");
  });

  it("lists the scenarios for generate", async () => {
    const result = await cli(["generate", "--list"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout.split("\n")[0]).toMatch(/^healthy\s/);
    expect(result.stdout).toContain("expired-kubelet-client-no-rotation");
  });

  it("prints the package version", async () => {
    const result = await cli(["--version"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe("k8s-pki audit on the kubeadm v1.20 sample", () => {
  let temp: string;
  let folder: CliResult;
  let folderReport: Report;

  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), "k8s-pki-cli-"));
    folder = await cli(["audit", SAMPLE, "--format", "json", "--now", NOW]);
    folderReport = JSON.parse(folder.stdout) as Report;
  });
  afterAll(async () => {
    await rm(temp, { recursive: true, force: true });
  });

  it("exits 0 with the JSON report alone on stdout", () => {
    expect(folder.code).toBe(0);
    expect(folderReport.schemaVersion).toBe(1);
    expect(folderReport.now).toBe("2026-12-01T00:00:00.000Z");
    expect(folder.stdout).toBe(`${JSON.stringify(folderReport, null, 2)}\n`);
    expect(folderReport.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
  });

  it("finds the same findings and statuses in a tarball of the folder", async () => {
    const archive = join(temp, "kubeadm-v1.20.tgz");
    await promisify(execFile)("tar", ["czf", archive, "-C", join(SAMPLE, ".."), "kubeadm-v1.20"]);
    const packed = await cli(["audit", archive, "--format", "json", "--now", NOW]);
    expect(packed.code).toBe(folder.code);
    const report = JSON.parse(packed.stdout) as Report;
    const findings = (r: Report) =>
      r.findings
        .map(
          (finding) =>
            `${finding.severity} ${finding.code} ${finding.relationshipKey ?? finding.relationship ?? ""}`,
        )
        .sort();
    const statuses = (r: Report) =>
      Object.fromEntries(r.relationships.map((relationship) => [relationship.key, relationship.status]));
    expect(findings(report)).toEqual(findings(folderReport));
    expect(statuses(report)).toEqual(statuses(folderReport));
    expect(report.certificates.map((certificate) => certificate.sha256).sort()).toEqual(
      folderReport.certificates.map((certificate) => certificate.sha256).sort(),
    );
  });

  it("prints the table and markdown formats with the same exit code", async () => {
    const table = await cli(["audit", SAMPLE, "--now", NOW]);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain("\u001b[");
    expect(table.stdout.trimEnd().split("\n").at(-1)).toMatch(/^0 errors, 0 warnings, \d+ info — exit 0$/);
    const markdown = await cli(["audit", SAMPLE, "--now", NOW, "--format", "markdown"]);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout.startsWith("# Kubernetes PKI audit\n")).toBe(true);
  });
});

describe("k8s-pki audit exit codes on real faults", () => {
  const cases: { name: string; fixture: string; args: string[]; want: number }[] = [
    { name: "a warning passes by default", fixture: "expires-soon-etcd-client", args: [], want: 0 },
    {
      name: "a warning fails with --fail-on warning",
      fixture: "expires-soon-etcd-client",
      args: ["--fail-on", "warning"],
      want: 1,
    },
    {
      name: "--fail-on error is the default",
      fixture: "expires-soon-etcd-client",
      args: ["--fail-on", "error"],
      want: 0,
    },
    { name: "an error fails by default", fixture: "expired-apiserver", args: [], want: 1 },
    {
      name: "a healthy node passes --fail-on warning",
      fixture: "../healthy",
      args: ["--fail-on", "warning"],
      want: 0,
    },
    {
      name: "a larger share of lifetime turns a healthy node's leaves due",
      fixture: "../healthy",
      // Its one-year leaves have 214 of 365 days (59 %) left on the judge date.
      args: ["--fail-on", "warning", "--warn-fraction", "60%"],
      want: 1,
    },
  ];
  it.each(cases)("$name: exit $want", async ({ fixture, args, want }) => {
    const result = await cli([
      "audit",
      join(FAULTS, fixture),
      "--now",
      FIXTURE_NOW,
      "--format",
      "json",
      ...args,
    ]);
    expect(result.code).toBe(want);
    expect(result.stderr).toBe("");
  });

  it("carries the thresholds given on the command line into the JSON report", async () => {
    const result = await cli([
      "audit",
      join(FAULTS, "expires-soon-etcd-client"),
      "--now",
      FIXTURE_NOW,
      "--format",
      "json",
      "--warn-days",
      "10",
      "--warn-fraction",
      "5%",
      "--ca-horizon-days",
      "90",
    ]);
    const report = JSON.parse(result.stdout) as Report;
    expect([report.warnDays, report.warnFraction, report.caHorizonDays]).toEqual([10, 0.05, 90]);
    // 19 days left is outside a 10-day window and above 5 % of a year: no longer due.
    expect(report.findings.filter((finding) => finding.code === "CERT_EXPIRES_SOON")).toEqual([]);
  });

  it("prints the renewal plan with the same exit code as the audit", async () => {
    const plan = await cli([
      "audit",
      join(FAULTS, "expired-apiserver"),
      "--now",
      FIXTURE_NOW,
      "--format",
      "plan",
    ]);
    expect(plan.code).toBe(1);
    expect(plan.stdout).not.toContain("\u001b[");
    expect(plan.stdout).toContain("\n2026-05-01 · expired 31 days ago · ✗ expired · 1 certificate\n");
    expect(plan.stdout).toContain("\n  kubeadm certs renew all\n");
  });
});

describe("k8s-pki audit on a folder without PKI material", () => {
  let notes: string;
  beforeAll(async () => {
    notes = await mkdtemp(join(tmpdir(), "k8s-pki-notes-"));
    await mkdir(join(notes, "logs"));
    await writeFile(join(notes, "README.md"), "# How we set the cluster up\n");
    await writeFile(join(notes, "logs", "kubelet.log"), "I1201 10:00:00 kubelet started\n");
    await writeFile(join(notes, "logs", "etcd.log"), "etcd started\n");
  });
  afterAll(async () => {
    await rm(notes, { recursive: true, force: true });
  });

  const NOTE =
    "k8s-pki: nothing to judge: no certificates or kubeconfigs in 3 files (looked for certificates, keys, " +
    "kubeconfigs, static-pod manifests, kubelet config, archives (.tar.gz, .tgz, .zip) of the above)\n";
  const EXIT_NOTE = "k8s-pki: exit 2: nothing to judge; --allow-missing judges what could be read\n";
  const formats: { format: string; args: string[]; code: number; want: RegExp; stderr: string }[] = [
    {
      format: "table",
      args: [],
      code: 2,
      want: /\nnothing to judge: no certificates or kubeconfigs in 3 files — exit 2\n$/,
      stderr: NOTE + EXIT_NOTE,
    },
    {
      format: "markdown",
      args: [],
      code: 2,
      want: /\n\*\*Nothing to judge: no certificates or kubeconfigs in 3 files — exit 2\*\* \(looked for /,
      stderr: NOTE + EXIT_NOTE,
    },
    {
      format: "json",
      args: ["--allow-missing"],
      code: 0,
      want: /^\{\n {2}"schemaVersion": 1,/,
      stderr: NOTE,
    },
  ];
  it.each(formats)(
    "$format $args: says nothing was judged, exit $code, a note on stderr",
    async ({ format, args, code, want, stderr }) => {
      const result = await cli(["audit", notes, "--now", NOW, "--format", format, ...args]);
      expect(result.code).toBe(code);
      expect(result.stdout).toMatch(want);
      expect(result.stdout).not.toMatch(/0 errors, 0 warnings/);
      expect(result.stderr).toBe(stderr);
    },
  );

  it("lists every file it skipped, with its reason, in the table", async () => {
    const result = await cli(["audit", notes, "--now", NOW]);
    expect(result.stdout).toContain(
      "Files not analysed\n  README.md: text without PEM blocks or Kubernetes configuration\n",
    );
    expect(result.stdout).toContain(
      "  logs/kubelet.log: text without PEM blocks or Kubernetes configuration\n",
    );
  });
});
