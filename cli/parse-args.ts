/**
 * The command line grammar: `k8s-pki audit <input...> [--format ...] [--now ISO] [--warn-days N]
 * [--warn-fraction F] [--ca-horizon-days N] [--fail-on warning|error] [--allow-missing]
 * [--password-file FILE]... [--no-color]`, `k8s-pki generate …` (see parse-generate-args.ts),
 * `k8s-pki collect …` (see parse-collect-args.ts), `--help`, `--version`.
 * Parsing is strict and returns data: a bad argument becomes a `usage-error` carrying a one-line
 * message, which the caller turns into exit code 2.
 */
import { parseArgs } from "node:util";
import { FAIL_ON_LEVELS, type FailOn } from "../lib/format/exit-code";
import { type CollectCommand, parseCollectArgs } from "./parse-collect-args";
import { type DiffCommand, parseDiffArgs } from "./parse-diff-args";
import { type GenerateCommand, parseGenerateArgs } from "./parse-generate-args";

export const OUTPUT_FORMATS = [
  "table",
  "json",
  "markdown",
  "plan",
  "sarif",
  "junit",
  "prometheus",
  "html",
] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface AuditCommand {
  kind: "audit";
  inputs: string[];
  format: OutputFormat;
  /** Absent: judge at the real clock's time (the caller reads it). */
  now?: Date;
  /** Absent: analyze's default (30). */
  warnDays?: number;
  /** Absent: analyze's default (0.1). */
  warnFraction?: number;
  /** Absent: analyze's default (365). */
  caHorizonDays?: number;
  /** The least severe finding that makes the exit code 1. */
  failOn: FailOn;
  /** Judge what could be read: inputs not read, or nothing to judge, do not make the exit code 2. */
  allowMissing: boolean;
  /** Files of passwords for PKCS#12 inputs, one a line; read by the CLI edge, in the order given. */
  passwordFiles: string[];
  noColor: boolean;
  /** `plan-rotation <root>`: print the CA rotation plan for that trust root instead of the report. */
  rotation?: { root: string; format: RotationFormat };
  /** `--what-if ACTION`s: judge a simulated copy of the input after each, in order. */
  whatIf?: string[];
  /** `--policy FILE`: the audit policy (YAML), read by the CLI edge; absent: the built-in one. */
  policyFile?: string;
}

export const ROTATION_FORMATS = ["text", "markdown", "json"] as const;
export type RotationFormat = (typeof ROTATION_FORMATS)[number];

export type ParsedCommand =
  | AuditCommand
  | GenerateCommand
  | CollectCommand
  | DiffCommand
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "usage-error"; message: string };

/** Options that belong to one command only, so giving them to the other is a usage error. */
const AUDIT_ONLY = [
  "format",
  "now",
  "warn-days",
  "warn-fraction",
  "ca-horizon-days",
  "fail-on",
  "allow-missing",
  "password-file",
  "what-if",
  "policy",
] as const;
const GENERATE_ONLY = ["force", "tar", "list"] as const;

function foreignOption(values: Record<string, unknown>, options: readonly string[]): string | undefined {
  return options.find((option) => values[option] !== undefined);
}

/** Largest accepted day count: a century is already longer than any certificate anyone issues. */
const MAX_DAYS = 36_500;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Turn `argv` (without node and the script) into a command. Unknown options, a missing or unknown
 * subcommand, missing inputs, an unknown format or `--fail-on` level, an unparseable `--now`, a
 * day count that is not a whole number and a fraction outside 0..1 are usage errors; `--help` and
 * `--version` win over everything else.
 */
export function parseCliArgs(argv: string[]): ParsedCommand {
  // The collector has a grammar of its own (its --help is the collector's).
  if (argv[0] === "collect") return parseCollectArgs(argv.slice(1));
  if (argv[0] === "diff") return parseDiffArgs(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: "string", short: "f" },
        now: { type: "string" },
        "warn-days": { type: "string" },
        "warn-fraction": { type: "string" },
        "ca-horizon-days": { type: "string" },
        "fail-on": { type: "string" },
        "allow-missing": { type: "boolean" },
        "password-file": { type: "string", multiple: true },
        "no-color": { type: "boolean" },
        "what-if": { type: "string", multiple: true },
        policy: { type: "string" },
        force: { type: "boolean" },
        tar: { type: "string" },
        list: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
    });
  } catch (error) {
    return { kind: "usage-error", message: describeParseError(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  const [command, ...inputs] = positionals;
  if (command === undefined)
    return {
      kind: "usage-error",
      message:
        "missing command: use 'k8s-pki audit <dir|archive|file...>', 'k8s-pki generate <scenario> <dir>' or 'k8s-pki collect'",
    };
  if (command === "plan-rotation") return parseRotationArgs(inputs, values);
  if (command !== "audit" && command !== "generate")
    return {
      kind: "usage-error",
      message: `unknown command '${command}': use 'audit', 'diff', 'explain', 'plan-rotation', 'generate' or 'collect'`,
    };
  const foreign = foreignOption(values, command === "audit" ? GENERATE_ONLY : AUDIT_ONLY);
  if (foreign !== undefined)
    return {
      kind: "usage-error",
      message: `option '--${foreign}' is for '${command === "audit" ? "generate" : "audit"}', not '${command}'`,
    };
  if (command === "generate") return parseGenerateArgs(inputs, values);
  if (inputs.length === 0)
    return { kind: "usage-error", message: "no input: give a directory, an archive or files to audit" };

  const format = values.format ?? "table";
  if (!isOutputFormat(format))
    return {
      kind: "usage-error",
      message: `unknown format '${format}': use one of ${OUTPUT_FORMATS.join(", ")}`,
    };

  const failOn = values["fail-on"] ?? "error";
  if (!isFailOn(failOn))
    return {
      kind: "usage-error",
      message: `unknown --fail-on '${failOn}': use one of ${FAIL_ON_LEVELS.join(", ")}`,
    };

  const audit: AuditCommand = {
    kind: "audit",
    inputs,
    format,
    failOn,
    allowMissing: values["allow-missing"] ?? false,
    passwordFiles: values["password-file"] ?? [],
    noColor: values["no-color"] ?? false,
    ...(values.policy !== undefined ? { policyFile: values.policy } : {}),
  };
  if (values.now !== undefined) {
    const now = parseNow(values.now);
    if (typeof now === "string") return { kind: "usage-error", message: now };
    audit.now = now;
  }
  const whatIf = values["what-if"] ?? [];
  if (whatIf.length > 0) {
    if (format !== "table" && format !== "json" && format !== "markdown")
      return {
        kind: "usage-error",
        message: `--what-if prints a simulation: use --format table, markdown or json, not ${format}`,
      };
    audit.whatIf = whatIf;
  }
  for (const [option, key] of [
    ["warn-days", "warnDays"],
    ["ca-horizon-days", "caHorizonDays"],
  ] as const) {
    const raw = values[option];
    if (raw === undefined) continue;
    const days = parseDays(raw);
    if (days === undefined)
      return {
        kind: "usage-error",
        message: `bad --${option} '${raw}': expected a whole number of days from 0 to ${MAX_DAYS}`,
      };
    audit[key] = days;
  }
  if (values["warn-fraction"] !== undefined) {
    const raw = values["warn-fraction"];
    const fraction = parseFraction(raw);
    if (fraction === undefined)
      return {
        kind: "usage-error",
        message: `bad --warn-fraction '${raw}': expected a share of the lifetime from 0 to 1, e.g. 0.1 or 10%`,
      };
    audit.warnFraction = fraction;
  }
  return audit;
}

/** `plan-rotation <root> <input...> [--format text|markdown|json] [--now ISO] [--password-file FILE]...`. */
function parseRotationArgs(
  positionals: string[],
  values: { format?: string; now?: string; "password-file"?: string[]; "no-color"?: boolean } & Record<
    string,
    unknown
  >,
): ParsedCommand {
  const [root, ...inputs] = positionals;
  const others = [
    "warn-days",
    "warn-fraction",
    "ca-horizon-days",
    "fail-on",
    "allow-missing",
    "policy",
    ...GENERATE_ONLY,
  ];
  const foreign = others.find((option) => values[option] !== undefined);
  if (foreign !== undefined)
    return { kind: "usage-error", message: `option '--${foreign}' is not for 'plan-rotation'` };
  if (root === undefined)
    return {
      kind: "usage-error",
      message:
        "missing trust root: 'k8s-pki plan-rotation <cluster-ca|etcd-ca|front-proxy-ca|sa|client-ca|server-ca|request-header-ca> <dir|archive|file...>'",
    };
  if (inputs.length === 0)
    return { kind: "usage-error", message: "no input: give a directory, an archive or files to plan from" };
  const format = values.format ?? "text";
  if (!(ROTATION_FORMATS as readonly string[]).includes(format))
    return {
      kind: "usage-error",
      message: `unknown format '${format}' for plan-rotation: use one of ${ROTATION_FORMATS.join(", ")}`,
    };
  const command: AuditCommand = {
    kind: "audit",
    inputs,
    format: "table",
    failOn: "error",
    allowMissing: true,
    passwordFiles: values["password-file"] ?? [],
    noColor: values["no-color"] ?? false,
    rotation: { root, format: format as RotationFormat },
  };
  if (values.now !== undefined) {
    const now = parseNow(values.now);
    if (typeof now === "string") return { kind: "usage-error", message: now };
    command.now = now;
  }
  return command;
}

function parseDays(raw: string): number | undefined {
  const days = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return days <= MAX_DAYS ? days : undefined;
}

/** `0.1`, `.25`, `1`, `10%`, `12.5 %`: a share of the lifetime, 0..1 (a percentage 0..100). */
function parseFraction(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(%)?$/.exec(raw.trim());
  if (!match?.[1]) return undefined;
  const value = Number(match[1]) / (match[2] ? 100 : 1);
  return value >= 0 && value <= 1 ? value : undefined;
}

function isFailOn(value: string): value is FailOn {
  return (FAIL_ON_LEVELS as readonly string[]).includes(value);
}

function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

/**
 * Accept an ISO 8601 date (midnight UTC) or a date-time with `Z` or an offset. A date-time without
 * a zone is refused: it would mean a different instant on every machine's time zone.
 */
export function parseNow(raw: string): Date | string {
  const bad = `bad --now '${raw}': expected an ISO 8601 date or date-time with a zone, e.g. 2026-12-01 or 2026-12-01T00:00:00Z`;
  const parts = DATE_ONLY.exec(raw) ?? DATE_TIME.exec(raw);
  if (!parts) return bad;
  const ms = Date.parse(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(ms)) return bad;
  // Date.parse rolls 2026-02-30 over to March; refuse calendar dates that do not exist.
  const [, year, month, day] = parts.map(Number);
  const calendar = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() + 1 !== month ||
    calendar.getUTCDate() !== day
  )
    return bad;
  return new Date(ms);
}

/** One line naming the offending option, from the error `parseArgs` throws for bad arguments. */
function describeParseError(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : String(error);
  const option = /'([^']+)'/.exec(message)?.[1];
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option '${option ?? message}' (see --help)`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      // parseArgs's message runs over several sentences and lines; its first sentence names the problem.
      return `${lowerFirst(message.split(/\.\s/)[0] ?? message)} (see --help)`;
    default:
      throw error;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
