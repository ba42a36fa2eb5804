/**
 * `k8s-pki diff OLD NEW`: two drops of one cluster, each read like `audit` reads its input (a
 * folder, an archive, a collector archive) and judged at its own instant, then compared
 * (lib/diff). Exit 1 when something regressed, 0 otherwise, 2 on a usage or I/O error or when the
 * drops are not one cluster.
 *
 * The instants: the new drop at `--now`, else the collector's `when:` in it, else the clock; the
 * old drop at `--old-now`, else the collector's `when:` in it, else the newest modification time of
 * its files (a folder's or the archive's). The output names which was used.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { InputFile } from "../lib/inventory";
import type { Report } from "../lib/report";
import { inertText } from "../lib/format/inert-text";
import type { CliContext } from "./main";
import type { DiffCommand } from "./parse-diff-args";
import { readInput } from "./read-input";

const EXIT_USAGE = 2;

/** Run `diff`; returns the exit code. */
export async function runDiff(command: DiffCommand, context: CliContext): Promise<number> {
  const say = (message: string) => context.stderr.write(`k8s-pki: ${inertText(message)}\n`);
  const passwords = readPasswords(command.passwordFiles);
  if (typeof passwords === "string") {
    say(passwords);
    return EXIT_USAGE;
  }
  const { collectorInstant } = await import("../lib/diff/drop-instant");
  const sides = [];
  for (const [role, path] of [
    ["old", command.old],
    ["new", command.new],
  ] as const) {
    const input = await readInput([path], { onNote: (note) => say(`${role} drop: ${note}`) });
    if (!input.ok) {
      say(`${role} drop: ${input.error}`);
      return EXIT_USAGE;
    }
    if (input.files.length === 0) {
      say(`${role} drop: no files found in '${path}'`);
      return EXIT_USAGE;
    }
    const given = role === "old" ? command.oldNow : command.now;
    const collected = collectorInstant(input.files);
    const when: { now: Date; source: string } = given
      ? { now: given, source: role === "old" ? "--old-now" : "--now" }
      : collected
        ? { now: new Date(collected), source: "the collector's list (when:)" }
        : role === "old"
          ? newestModification(path)
          : { now: context.clock(), source: "the current time" };
    sides.push({ files: input.files, ...when });
  }
  const [old, next] = sides;
  if (!old || !next) return EXIT_USAGE;
  if (old.now.getTime() > next.now.getTime())
    say(
      `note: the old drop (${old.now.toISOString()}) was taken after the new one (${next.now.toISOString()}): give the older drop first`,
    );
  const { readKeyIdentities } = await import("../lib/diff/key-identities");
  const analyze = context.analyze ?? (await import("../lib/analyze")).analyze;
  const crypto = globalThis.crypto;
  const judge = async (side: {
    files: InputFile[];
    now: Date;
  }): Promise<{ report: Report; keys: Record<string, string> }> => {
    const keys = await readKeyIdentities(side.files, {
      crypto,
      ...(passwords.length > 0 ? { passwords } : {}),
    });
    const report = await analyze(side.files, {
      now: side.now,
      crypto,
      ...(passwords.length > 0 ? { passwords } : {}),
    });
    return { report, keys };
  };
  const { diffReports, isRefusal } = await import("../lib/diff/diff-reports");
  const diff = diffReports(await judge(old), await judge(next), {
    oldSource: old.source,
    newSource: next.source,
  });
  if (isRefusal(diff)) {
    say(`cannot compare: ${diff.refused}`);
    return EXIT_USAGE;
  }
  if (command.format === "json") context.stdout.write(`${JSON.stringify(diff, null, 2)}\n`);
  else if (command.format === "markdown")
    context.stdout.write((await import("../lib/format/diff-markdown")).formatDiffMarkdown(diff));
  else
    context.stdout.write(
      (await import("../lib/format/diff-table")).formatDiffTable(diff, {
        color: context.stdout.isTTY === true && !context.env.NO_COLOR && !command.noColor,
      }),
    );
  return diff.summary.regressions > 0 ? 1 : 0;
}

/** Passwords from `--password-file`s, one a line; a file that cannot be read is named (a string). */
function readPasswords(files: string[]): string[] | string {
  const passwords: string[] = [];
  for (const file of files) {
    try {
      for (const line of readFileSync(file, "utf8").split(/\r?\n/)) if (line !== "") passwords.push(line);
    } catch (error) {
      const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
      return `cannot read --password-file '${file}'${code ? ` (${code})` : ""}`;
    }
  }
  return passwords;
}

/** At most this many entries are looked at for a folder's newest modification time. */
const MAX_ENTRIES = 100_000;

/** The newest modification time of a file, or of the files below a folder (links not followed). */
function newestModification(path: string): { now: Date; source: string } {
  let newest = 0;
  let seen = 0;
  const visit = (current: string) => {
    if (seen++ > MAX_ENTRIES) return;
    const info = statSync(current, { throwIfNoEntry: false });
    if (!info) return;
    if (info.isDirectory()) {
      for (const entry of readdirSync(current)) visit(join(current, entry));
    } else if (info.isFile()) newest = Math.max(newest, info.mtimeMs);
  };
  visit(path);
  return { now: new Date(newest), source: "the newest modification time of its files" };
}
