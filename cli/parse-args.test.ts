import { describe, expect, it } from "vitest";
import { parseCliArgs, type ParsedCommand } from "./parse-args";

describe("parseCliArgs", () => {
  const accepted: { name: string; argv: string[]; want: ParsedCommand }[] = [
    { name: "help", argv: ["--help"], want: { kind: "help" } },
    { name: "short help after audit", argv: ["audit", "-h"], want: { kind: "help" } },
    { name: "version", argv: ["--version"], want: { kind: "version" } },
    {
      name: "defaults",
      argv: ["audit", "dir"],
      want: {
        kind: "audit",
        inputs: ["dir"],
        format: "table",
        failOn: "error",
        allowMissing: false,
        passwordFiles: [],
        noColor: false,
      },
    },
    {
      name: "every option",
      argv: [
        "audit",
        "a",
        "b.tgz",
        "--format",
        "json",
        "--now",
        "2026-12-01T00:00:00Z",
        "--warn-days",
        "45",
        "--allow-missing",
        "--no-color",
      ],
      want: {
        kind: "audit",
        inputs: ["a", "b.tgz"],
        format: "json",
        now: new Date("2026-12-01T00:00:00Z"),
        warnDays: 45,
        failOn: "error",
        allowMissing: true,
        passwordFiles: [],
        noColor: true,
      },
    },
    {
      name: "inline values and short format",
      argv: ["audit", "-f", "markdown", "--warn-days=0", "d"],
      want: {
        kind: "audit",
        inputs: ["d"],
        format: "markdown",
        warnDays: 0,
        failOn: "error",
        allowMissing: false,
        passwordFiles: [],
        noColor: false,
      },
    },
    {
      name: "date only is midnight UTC",
      argv: ["audit", "d", "--now", "2026-12-01"],
      want: {
        kind: "audit",
        inputs: ["d"],
        format: "table",
        now: new Date("2026-12-01T00:00:00Z"),
        failOn: "error",
        allowMissing: false,
        passwordFiles: [],
        noColor: false,
      },
    },
    {
      name: "offset date-time",
      argv: ["audit", "d", "--now", "2026-12-01T02:00:00+02:00"],
      want: {
        kind: "audit",
        inputs: ["d"],
        format: "table",
        now: new Date("2026-12-01T00:00:00Z"),
        failOn: "error",
        allowMissing: false,
        passwordFiles: [],
        noColor: false,
      },
    },
    {
      name: "the renewal plan and every threshold",
      argv: [
        "audit",
        "d",
        "--format",
        "plan",
        "--warn-fraction",
        "0.25",
        "--ca-horizon-days",
        "730",
        "--fail-on",
        "warning",
      ],
      want: {
        kind: "audit",
        inputs: ["d"],
        format: "plan",
        warnFraction: 0.25,
        caHorizonDays: 730,
        failOn: "warning",
        allowMissing: false,
        passwordFiles: [],
        noColor: false,
      },
    },
    {
      name: "several password files, repeated and inline",
      argv: ["audit", "d", "--password-file", "a.txt", "--password-file=b.txt"],
      want: {
        kind: "audit",
        inputs: ["d"],
        format: "table",
        failOn: "error",
        allowMissing: false,
        passwordFiles: ["a.txt", "b.txt"],
        noColor: false,
      },
    },
  ];
  it.each(accepted)("accepts $name", ({ argv, want }) => {
    expect(parseCliArgs(argv)).toEqual(want);
  });

  const fractions: { raw: string; want: number }[] = [
    { raw: "0.1", want: 0.1 },
    { raw: ".25", want: 0.25 },
    { raw: "0", want: 0 },
    { raw: "1", want: 1 },
    { raw: "10%", want: 0.1 },
    { raw: "12.5%", want: 0.125 },
    { raw: "100%", want: 1 },
  ];
  it.each(fractions)("reads --warn-fraction $raw as $want", ({ raw, want }) => {
    const got = parseCliArgs(["audit", "d", "--warn-fraction", raw]);
    expect(got.kind === "audit" ? got.warnFraction : got).toBe(want);
  });

  const generateAccepted: { name: string; argv: string[]; want: ParsedCommand }[] = [
    { name: "list", argv: ["generate", "--list"], want: { kind: "generate-list" } },
    {
      name: "a scenario into a folder",
      argv: ["generate", "key-mismatch", "lab"],
      want: { kind: "generate", choice: "key-mismatch", dir: "lab", force: false },
    },
    {
      name: "the healthy demo into a folder with files, forced",
      argv: ["generate", "healthy", "lab", "--force"],
      want: { kind: "generate", choice: "healthy", dir: "lab", force: true },
    },
    {
      name: "a scenario as an archive",
      argv: ["generate", "sa-key-mismatch", "--tar", "lab.tar.gz"],
      want: { kind: "generate", choice: "sa-key-mismatch", tar: "lab.tar.gz", force: false },
    },
    { name: "help wins", argv: ["generate", "nope", "--help"], want: { kind: "help" } },
  ];
  it.each(generateAccepted)("reads generate: $name", ({ argv, want }) => {
    expect(parseCliArgs(argv)).toEqual(want);
  });

  const refused: { name: string; argv: string[]; want: RegExp }[] = [
    {
      name: "generate without a scenario",
      argv: ["generate"],
      want: /^missing scenario: use 'k8s-pki generate/,
    },
    {
      name: "an unknown scenario",
      argv: ["generate", "expired-apiserver", "lab"],
      want: /^unknown scenario 'expired-apiserver' \(see 'k8s-pki generate --list'\)$/,
    },
    {
      name: "generate without output",
      argv: ["generate", "key-mismatch"],
      want: /^no output: give a folder/,
    },
    {
      name: "a folder and --tar",
      argv: ["generate", "key-mismatch", "lab", "--tar", "lab.tgz"],
      want: /^give a folder or --tar, not both/,
    },
    { name: "two folders", argv: ["generate", "key-mismatch", "a", "b"], want: /^one folder only/ },
    {
      name: "--list with a scenario",
      argv: ["generate", "--list", "key-mismatch"],
      want: /^--list takes nothing/,
    },
    { name: "an empty --tar", argv: ["generate", "healthy", "--tar="], want: /^--tar needs a file name/ },
    {
      name: "an audit option for generate",
      argv: ["generate", "healthy", "lab", "--now", "2026-06-01"],
      want: /^option '--now' is for 'audit', not 'generate'$/,
    },
    {
      name: "--allow-missing for generate",
      argv: ["generate", "healthy", "lab", "--allow-missing"],
      want: /^option '--allow-missing' is for 'audit', not 'generate'$/,
    },
    {
      name: "a generate option for audit",
      argv: ["audit", "d", "--force"],
      want: /^option '--force' is for 'generate', not 'audit'$/,
    },
    { name: "no command", argv: [], want: /^missing command/ },
    {
      name: "unknown command",
      argv: ["check", "d"],
      want: /^unknown command 'check': use 'audit', 'diff', 'explain', 'plan-rotation', 'generate' or 'collect'$/,
    },
    { name: "no input", argv: ["audit"], want: /^no input/ },
    { name: "unknown option", argv: ["audit", "d", "--colour"], want: /^unknown option '--colour'/ },
    { name: "unknown short option", argv: ["audit", "d", "-x"], want: /^unknown option '-x'/ },
    {
      name: "option without value",
      argv: ["audit", "d", "--format"],
      want: /^option '-f, --format <value>' argument missing/,
    },
    {
      name: "unknown format",
      argv: ["audit", "d", "--format", "yaml"],
      want: /^unknown format 'yaml': use one of table, json, markdown, plan, sarif, junit, prometheus, html$/,
    },
    { name: "now not a date", argv: ["audit", "d", "--now", "tomorrow"], want: /^bad --now 'tomorrow'/ },
    { name: "now without a zone", argv: ["audit", "d", "--now", "2026-12-01T00:00:00"], want: /^bad --now/ },
    {
      name: "now on a day that does not exist",
      argv: ["audit", "d", "--now", "2026-02-30"],
      want: /^bad --now '2026-02-30'/,
    },
    { name: "warn-days negative", argv: ["audit", "d", "--warn-days", "-3"], want: /warn-days/ },
    {
      name: "warn-days fraction",
      argv: ["audit", "d", "--warn-days", "1.5"],
      want: /^bad --warn-days '1\.5'/,
    },
    { name: "warn-days absurd", argv: ["audit", "d", "--warn-days", "99999999"], want: /^bad --warn-days/ },
    {
      name: "warn-fraction above 1",
      argv: ["audit", "d", "--warn-fraction", "10"],
      want: /^bad --warn-fraction '10': expected a share of the lifetime from 0 to 1, e\.g\. 0\.1 or 10%$/,
    },
    {
      name: "warn-fraction above 100%",
      argv: ["audit", "d", "--warn-fraction", "150%"],
      want: /^bad --warn-fraction '150%'/,
    },
    {
      name: "warn-fraction negative",
      argv: ["audit", "d", "--warn-fraction=-0.1"],
      want: /^bad --warn-fraction '-0\.1'/,
    },
    {
      name: "warn-fraction words",
      argv: ["audit", "d", "--warn-fraction", "ten"],
      want: /^bad --warn-fraction 'ten'/,
    },
    {
      name: "warn-fraction empty",
      argv: ["audit", "d", "--warn-fraction="],
      want: /^bad --warn-fraction ''/,
    },
    {
      name: "ca-horizon-days fraction",
      argv: ["audit", "d", "--ca-horizon-days", "1.5"],
      want: /^bad --ca-horizon-days '1\.5': expected a whole number of days from 0 to 36500$/,
    },
    {
      name: "ca-horizon-days negative",
      argv: ["audit", "d", "--ca-horizon-days=-1"],
      want: /^bad --ca-horizon-days '-1'/,
    },
    {
      name: "fail-on info",
      argv: ["audit", "d", "--fail-on", "info"],
      want: /^unknown --fail-on 'info': use one of error, warning$/,
    },
    {
      name: "fail-on without value",
      argv: ["audit", "d", "--fail-on"],
      want: /^option '--fail-on <value>' argument missing/,
    },
  ];
  it.each(refused)("refuses $name with one line", ({ argv, want }) => {
    const got = parseCliArgs(argv);
    expect(got.kind).toBe("usage-error");
    const message = got.kind === "usage-error" ? got.message : "";
    expect(message).toMatch(want);
    expect(message).not.toContain("\n");
  });
});

describe("parseCliArgs plan-rotation", () => {
  it("takes the trust root, the inputs and a plan format", () => {
    expect(
      parseCliArgs([
        "plan-rotation",
        "etcd-ca",
        "cp-1",
        "cp-2",
        "--format",
        "markdown",
        "--now",
        "2026-12-01",
      ]),
    ).toMatchObject({
      kind: "audit",
      inputs: ["cp-1", "cp-2"],
      rotation: { root: "etcd-ca", format: "markdown" },
      now: new Date("2026-12-01T00:00:00Z"),
    });
    expect(parseCliArgs(["plan-rotation", "cluster-ca", "dir"])).toMatchObject({
      rotation: { format: "text" },
    });
  });

  it("refuses a missing root or input, a report format and an audit-only option", () => {
    expect(parseCliArgs(["plan-rotation"])).toMatchObject({
      kind: "usage-error",
      message: /missing trust root/,
    });
    expect(parseCliArgs(["plan-rotation", "sa"])).toMatchObject({ kind: "usage-error", message: /no input/ });
    expect(parseCliArgs(["plan-rotation", "sa", "d", "--format", "sarif"])).toMatchObject({
      kind: "usage-error",
      message: "unknown format 'sarif' for plan-rotation: use one of text, markdown, json",
    });
    expect(parseCliArgs(["plan-rotation", "sa", "d", "--fail-on", "warning"])).toMatchObject({
      kind: "usage-error",
      message: "option '--fail-on' is not for 'plan-rotation'",
    });
  });
});
