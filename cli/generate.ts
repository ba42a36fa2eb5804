/**
 * `k8s-pki generate`: a break-it scenario's PKI (or the healthy demo's) written to a folder or a
 * .tar.gz, for instructors who prepare labs offline. The files are made by the same generator as the
 * page's, on the demo archive the site serves (public/demo/demo.tar.gz): its keys are reused, so a
 * scenario generated here has the page's files, and only keys a fault needs anew are new.
 */
import { readFile, readdir, mkdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

import { packTarGz } from "../lib/archive/pack-tar-gz";
import { inertText } from "../lib/format/inert-text";
import { DEMO_JUDGE_AT } from "../lib/generate/demo-cluster";
import { fileModeFor } from "../lib/generate/file-mode";
import { DEFAULT_ARCHIVE_LIMITS } from "../lib/ingest/archive-limits";
import { expandArchives } from "../lib/ingest/expand-archives";
import type { InputFile } from "../lib/inventory";
import { SCENARIOS } from "../lib/scenarios/catalogue";
import { generateScenario } from "../lib/scenarios/generate-scenario";
import { packageFile } from "./package-root";
import type { GenerateCommand } from "./parse-generate-args";
import { maxOf } from "../lib/shared/collections";

/** The demo archive the site serves, in this package (the same from the sources and the bundle). */
export const demoArchivePath = (): string => packageFile("public/demo/demo.tar.gz");

/** Where generate writes and what it reads; `process` and the package's demo archive in production. */
export interface GenerateContext {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** The demo archive whose keys are reused (default: the package's public/demo/demo.tar.gz). */
  demoArchive?: URL | string;
}

type Outcome = { ok: true } | { ok: false; error: string };

const errorCode = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";

/** The rows of `generate --list`: id, the edge it breaks and its title, aligned. */
export function scenarioList(): string {
  const rows = [
    ["healthy", "-", "The demo cluster without its two faults: nothing to find"],
    ...SCENARIOS.map((s) => [s.id, s.relationshipKey ?? s.relationship, s.title]),
  ];
  const width = (column: number) => maxOf(rows.map((row) => (row[column] ?? "").length));
  const [idWidth, edgeWidth] = [width(0), width(1)];
  return rows
    .map(([id = "", edge = "", title = ""]) => `${id.padEnd(idWidth)}  ${edge.padEnd(edgeWidth)}  ${title}\n`)
    .join("");
}

async function demoKeyFiles(
  archive: URL | string,
  context: GenerateContext,
): Promise<InputFile[] | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(archive));
  } catch (error) {
    context.stderr.write(
      `k8s-pki: note: no demo archive to reuse keys from (${errorCode(error) || "unreadable"}); every key is generated anew\n`,
    );
    return undefined;
  }
  const expanded = expandArchives([{ path: "demo.tar.gz", bytes }], DEFAULT_ARCHIVE_LIMITS);
  return expanded.files;
}

/** Writes the files under `dir`, refusing a folder with files in it unless `force`. */
async function writeFolder(
  dir: string,
  files: InputFile[],
  force: boolean,
  context: GenerateContext,
): Promise<Outcome> {
  let existing: string[] = [];
  try {
    if (!(await stat(dir)).isDirectory()) return { ok: false, error: `'${dir}' is not a folder` };
    existing = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => !entry.isDirectory())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if (errorCode(error) !== "ENOENT")
      return { ok: false, error: `cannot read '${dir}' (${errorCode(error)})` };
  }
  if (existing.length > 0 && !force)
    return { ok: false, error: `'${dir}' is not empty: use --force to write into it` };
  const written = new Set(files.map((file) => join(dir, ...file.path.split("/"))));
  for (const file of files) {
    const target = join(dir, ...file.path.split("/"));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.bytes, { mode: fileModeFor(file.path) });
  }
  const left = existing.filter((path) => !written.has(path));
  // A leftover file (a bootstrap-kubelet.conf from another scenario, say) is judged with the rest.
  if (left.length > 0)
    context.stderr.write(
      `k8s-pki: note: ${left.length} file${left.length === 1 ? "" : "s"} in '${inertText(dir)}' ${left.length === 1 ? "was" : "were"} not written by this run and ${left.length === 1 ? "is" : "are"} judged too: ${inertText(left.slice(0, 3).join(", "))}${left.length > 3 ? ", …" : ""}\n`,
    );
  return { ok: true };
}

async function writeArchive(path: string, files: InputFile[], force: boolean): Promise<Outcome> {
  try {
    await writeFile(path, packTarGz(files), { flag: force ? "w" : "wx" });
    return { ok: true };
  } catch (error) {
    const code = errorCode(error);
    if (code === "EEXIST") return { ok: false, error: `'${path}' exists: use --force to replace it` };
    return { ok: false, error: `cannot write '${path}' (${code || "unknown error"})` };
  }
}

/** Runs `generate`; returns the exit code (0 written, 2 an output that cannot be written). */
export async function runGenerate(command: GenerateCommand, context: GenerateContext): Promise<number> {
  if (command.kind === "generate-list") {
    context.stdout.write(scenarioList());
    return 0;
  }
  const keyFiles = await demoKeyFiles(context.demoArchive ?? demoArchivePath(), context);
  const { choice } = command;
  const files = await generateScenario(choice, {
    crypto: globalThis.crypto,
    ...(keyFiles ? { keyFiles } : {}),
  });
  const target = command.dir ?? command.tar ?? "";
  const outcome = command.dir
    ? await writeFolder(command.dir, files, command.force, context)
    : await writeArchive(target, files, command.force);
  if (!outcome.ok) {
    // The error names the folder or archive, and a folder's name can hold anything.
    context.stderr.write(`k8s-pki: ${inertText(outcome.error)}\n`);
    return 2;
  }
  const title =
    SCENARIOS.find((scenario) => scenario.id === choice)?.title ?? "the demo cluster without its faults";
  context.stdout.write(
    `${choice}: ${title}\n` +
      `wrote ${files.length} files (control-1/, worker-1/) to ${target}\n` +
      `judge them at the demo's date: k8s-pki audit ${target} --now ${DEMO_JUDGE_AT}\n`,
  );
  return 0;
}
