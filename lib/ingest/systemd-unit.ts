/**
 * Systemd unit files and drop-ins as systemd reads the lines that matter for flags:
 * `ExecStart=` (a trailing `\` continues the line, an empty value resets earlier ones),
 * `Environment=` (quoted `KEY=value` assignments) and `EnvironmentFile=` (`-` marks it optional).
 * Expansion follows systemd.service(5): `${VAR}` is replaced inside a word, a lone `$VAR` word is
 * split on whitespace into several words, an unset variable expands to nothing.
 */
import { splitShellWords } from "./split-shell-words";
import { pushAll } from "../shared/collections";

/** The lines of a unit that name a command and its environment. */
export interface SystemdUnit {
  /** The last `ExecStart=` as words (unexpanded); `[]` when the last one was a reset; absent if none. */
  execStart?: string[];
  environment: Record<string, string>;
  environmentFiles: string[];
  /** Unterminated quotes, one reason per bad line. */
  errors: string[];
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

/** True for a systemd unit or drop-in (a `[Service]`/`[Unit]`/`[Install]` section). */
export function isSystemdUnit(text: string): boolean {
  return /^\s*\[(Service|Unit|Install)\]\s*$/m.test(text);
}

/** Logical lines: comments dropped, `\`-continued lines joined with a space as systemd does. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const trimmed = raw.trim();
    if (pending === undefined && (trimmed.startsWith("#") || trimmed.startsWith(";"))) continue;
    // A comment inside a continued line is skipped and the continuation goes on (systemd ≥ 240).
    if (pending !== undefined && trimmed.startsWith("#")) continue;
    const continued = trimmed.endsWith("\\");
    const body = continued ? trimmed.slice(0, -1) : trimmed;
    pending = pending === undefined ? body : `${pending} ${body}`;
    if (!continued) {
      lines.push(pending);
      pending = undefined;
    }
  }
  if (pending !== undefined) lines.push(pending);
  return lines;
}

/** Read the `[Service]` lines of a unit or drop-in (other sections cannot hold them). */
export function parseSystemdUnit(text: string): SystemdUnit {
  const unit: SystemdUnit = { environment: {}, environmentFiles: [], errors: [] };
  for (const line of logicalLines(text)) {
    const setting = /^(ExecStart|Environment|EnvironmentFile)\s*=\s*([\s\S]*)$/.exec(line);
    if (!setting) continue;
    const [, key, value = ""] = setting;
    if (key === "EnvironmentFile") {
      const path = value.trim().replace(/^-/, "");
      if (path) unit.environmentFiles.push(path);
      continue;
    }
    const words = splitShellWords(value);
    if (!words.ok) {
      unit.errors.push(`${key}: ${words.reason}`);
      continue;
    }
    if (key === "ExecStart") {
      // Prefixes like `-`, `@`, `+`, `!` change how systemd runs the binary, not its name.
      const [first, ...rest] = words.value;
      unit.execStart = first === undefined ? [] : [first.replace(/^[-@+!:]+/, ""), ...rest];
      continue;
    }
    for (const assignment of words.value) {
      const match = ASSIGNMENT.exec(assignment);
      if (match?.[1]) unit.environment[match[1]] = match[2] ?? "";
    }
  }
  return unit;
}

/** The words of a command with `$VAR`/`${VAR}` expanded from `env`; names of unset variables too. */
export function expandCommand(
  words: readonly string[],
  env: Readonly<Record<string, string>>,
): { words: string[]; unresolved: string[] } {
  const out: string[] = [];
  const unresolved = new Set<string>();
  const lookup = (name: string): string => {
    const value = env[name];
    if (value === undefined) unresolved.add(name);
    return value ?? "";
  };
  for (const word of words) {
    const whole = /^\$([A-Za-z_][A-Za-z0-9_]*)$/.exec(word);
    if (whole?.[1]) {
      pushAll(out, lookup(whole[1]).split(/\s+/).filter(Boolean));
      continue;
    }
    out.push(word.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => lookup(name)));
  }
  return { words: out, unresolved: [...unresolved] };
}
