/**
 * The grammar of `k8s-pki diff OLD NEW [--format table|markdown|json] [--now ISO] [--old-now ISO]
 * [--password-file FILE]... [--no-color]`: two drops of one cluster, each a folder, an archive or a
 * collector archive. `--now` judges the new drop, `--old-now` the old one (see cli/diff.ts for what
 * is used without them). A mistake is a one-line usage error (exit 2).
 */
import { parseArgs } from "node:util";
import { parseNow } from "./parse-args";

export const DIFF_FORMATS = ["table", "markdown", "json"] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export interface DiffCommand {
  kind: "diff";
  old: string;
  new: string;
  format: DiffFormat;
  now?: Date;
  oldNow?: Date;
  passwordFiles: string[];
  noColor: boolean;
}

const USAGE =
  "k8s-pki diff <old dir|archive> <new dir|archive> [--format table|markdown|json] [--now ISO] [--old-now ISO]";

/** `diff`'s arguments (after the word `diff`), checked. */
export function parseDiffArgs(
  argv: string[],
): DiffCommand | { kind: "usage-error"; message: string } | { kind: "help" } {
  const usage = (message: string) => ({ kind: "usage-error" as const, message });
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: "string", short: "f" },
        now: { type: "string" },
        "old-now": { type: "string" },
        "password-file": { type: "string", multiple: true },
        "no-color": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
      return usage(`unknown option '${/'([^']+)'/.exec(message)?.[1] ?? message}' for diff: use ${USAGE}`);
    const first = message.split(/\.\s/)[0] ?? message;
    return usage(`${first.charAt(0).toLowerCase()}${first.slice(1)}: use ${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  const [oldInput, newInput, ...rest] = positionals;
  if (oldInput === undefined || newInput === undefined)
    return usage(`diff needs two drops, the old one first: use ${USAGE}`);
  if (rest.length > 0) return usage(`diff compares two drops, not ${positionals.length}: use ${USAGE}`);
  const format = values.format ?? "table";
  if (!isDiffFormat(format))
    return usage(`unknown format '${format}' for diff: use one of ${DIFF_FORMATS.join(", ")}`);
  const command: DiffCommand = {
    kind: "diff",
    old: oldInput,
    new: newInput,
    format,
    passwordFiles: values["password-file"] ?? [],
    noColor: values["no-color"] ?? false,
  };
  for (const [option, key] of [
    ["now", "now"],
    ["old-now", "oldNow"],
  ] as const) {
    const raw = values[option];
    if (raw === undefined) continue;
    const when = parseNow(raw);
    if (typeof when === "string") return usage(when.replace("--now", `--${option}`));
    command[key] = when;
  }
  return command;
}

function isDiffFormat(value: string): value is DiffFormat {
  return (DIFF_FORMATS as readonly string[]).includes(value);
}
