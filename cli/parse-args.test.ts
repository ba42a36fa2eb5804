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
      want: { kind: "audit", inputs: ["dir"], format: "table", noColor: false },
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
        "--no-color",
      ],
      want: {
        kind: "audit",
        inputs: ["a", "b.tgz"],
        format: "json",
        now: new Date("2026-12-01T00:00:00Z"),
        warnDays: 45,
        noColor: true,
      },
    },
    {
      name: "inline values and short format",
      argv: ["audit", "-f", "markdown", "--warn-days=0", "d"],
      want: { kind: "audit", inputs: ["d"], format: "markdown", warnDays: 0, noColor: false },
    },
    {
      name: "date only is midnight UTC",
      argv: ["audit", "d", "--now", "2026-12-01"],
      want: {
        kind: "audit",
        inputs: ["d"],
        format: "table",
        now: new Date("2026-12-01T00:00:00Z"),
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
        noColor: false,
      },
    },
  ];
  it.each(accepted)("accepts $name", ({ argv, want }) => {
    expect(parseCliArgs(argv)).toEqual(want);
  });

  const refused: { name: string; argv: string[]; want: RegExp }[] = [
    { name: "no command", argv: [], want: /^missing command/ },
    { name: "unknown command", argv: ["check", "d"], want: /^unknown command 'check'/ },
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
      want: /^unknown format 'yaml': use one of table, json, markdown$/,
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
  ];
  it.each(refused)("refuses $name with one line", ({ argv, want }) => {
    const got = parseCliArgs(argv);
    expect(got.kind).toBe("usage-error");
    const message = got.kind === "usage-error" ? got.message : "";
    expect(message).toMatch(want);
    expect(message).not.toContain("\n");
  });
});
