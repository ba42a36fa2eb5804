/**
 * Archives in the input become the files inside them, recursively and within ArchiveLimits, so the
 * rest of ingest only ever sees plain files. Entry paths are `<archive path>/<entry path>`, except
 * when the archive is the only input: then its entries are the input (`cluster.tgz` holding
 * `etc/kubernetes/pki/ca.crt` gives `etc/kubernetes/pki/ca.crt`). Whatever a limit keeps out, and
 * every link that leads nowhere in the archive, is named in `unread`: nothing is dropped in silence.
 */
import { pushAll } from "../shared/collections";
import { archiveKind } from "./archive-kind";
import type { ArchiveLimits } from "./archive-limits";
import { type ArchiveBudget, DropBudget } from "./expansion-budget";
import { gunzipLimited } from "./gunzip-limited";
import { readTar, type TarEntry } from "./read-tar";
import { readZip } from "./read-zip";
import { archiveTree, followLink, isFolder, normalize } from "./archive-links";
import { PathIndex } from "./resolve-path";
import {
  escapeFilePath,
  type InputFile,
  type ParseProblem,
  type UnreadInput,
  type UnreadKind,
} from "../inventory";

export interface ExpandedInput {
  /** Plain files: inputs that are not archives, and the files inside archives. */
  files: InputFile[];
  /** Archives that could not be read (corrupt, truncated): PARSE_ERROR. */
  problems: ParseProblem[];
  /** What was not read: archives and entries a limit kept out, links leading nowhere: INPUT_SKIPPED. */
  unread: UnreadInput[];
  /** Symlinks inside archives: link path → target path (within the input when it was found). */
  links: Record<string, string>;
  /**
   * Entry names that span lines (see TarContents.multiline): file content read as a name, to be
   * noted as file content is, so that none of it is shown.
   */
  nameTexts: string[];
}

/** Entries named in the one record of an archive a budget stopped; the rest are counted. */
const NAMED_ENTRIES = 3;

/** `x/ca.crt.gz` → `x/ca.crt`; other names get `.out` so the path stays distinct from the archive. */
function gunzippedName(path: string): string {
  if (/\.tgz$/i.test(path)) return path.replace(/\.tgz$/i, ".tar");
  return /\.gz$/i.test(path) ? path.replace(/\.gz$/i, "") : `${path}.out`;
}

/** Decides, entry by entry, whether an archive's entry may be read. */
type Admit = (size: number) => { reason: string; stop: boolean } | undefined;

class Expander {
  readonly files: InputFile[] = [];
  readonly problems: ParseProblem[] = [];
  readonly unread: UnreadInput[] = [];
  readonly links: Record<string, string> = {};
  readonly nameTexts: string[] = [];
  private readonly drop: DropBudget;

  constructor(private readonly limits: ArchiveLimits) {
    this.drop = new DropBudget(limits);
  }

  /** Take in one file; `budget` is the dropped archive's a nested archive draws on. */
  visit(file: InputFile, level: number, bare: boolean, budget?: ArchiveBudget): void {
    const kind = archiveKind(file.bytes);
    if (!kind) {
      this.files.push(file);
      return;
    }
    if (level >= this.limits.maxDepth) {
      this.skip(
        file.path,
        `archive nested more than ${this.limits.maxDepth} levels deep (the depth limit): not expanded`,
      );
      return;
    }
    let own = budget;
    if (!own) {
      const spent = this.drop.spent();
      if (spent) {
        this.skip(file.path, spent);
        return;
      }
      own = this.drop.archive(file.path, file.bytes.length);
    }
    const base = bare ? "" : `${file.path}/`;
    if (kind === "zip") this.zip(file, base, level + 1, own);
    else if (kind === "tar") this.tar(file.bytes, file.path, base, level + 1, own);
    else this.gzip(file, base, level + 1, own);
  }

  private problem(path: string, reason: string, kind?: ParseProblem["kind"]): void {
    this.problems.push(kind ? { path, reason, kind } : { path, reason });
  }

  private skip(path: string, reason: string, kind: UnreadKind = "limit"): void {
    this.unread.push({ path, reason, kind });
  }

  /** One record for the entries of `archive` a budget stopped: how many, and the first few by name. */
  private skipRest(archive: string, reason: string, names: readonly string[]): void {
    if (names.length === 0) return;
    const shown = names.slice(0, NAMED_ENTRIES).join(", ");
    const more = names.length > NAMED_ENTRIES ? ", …" : "";
    const count = names.length === 1 ? "1 entry" : `${names.length.toLocaleString("en-US")} entries`;
    this.skip(archive, `${reason}: ${count} not read (${shown}${more})`);
  }

  private gzip(file: InputFile, base: string, level: number, budget: ArchiveBudget): void {
    const room = budget.room();
    const result = gunzipLimited(file.bytes, room.bytes);
    if (!result.ok) {
      if (result.limited) {
        this.skip(file.path, `${room.reason}: not read`);
        budget.exhaust();
        return;
      }
      // A tarball cut short or damaged mid-stream: the files before the fault are still read.
      const partial = result.partial;
      if (partial && partial.length >= 512 && archiveKind(partial) === "tar") {
        budget.spend(partial.length);
        const { entries, problems, multiline } = readTar(partial);
        pushAll(this.nameTexts, multiline);
        // The tar is cut where the gzip data is: one fault, said once, with the entry it cut.
        const cut = problems.find((problem) => problem.startsWith("tar archive cut short"));
        const lost = cut?.replace(/^tar archive cut short( in entry )?/, "") ?? "";
        const said = lost ? `the entries before ${lost} were read` : "the entries before it were read";
        this.problem(file.path, `${result.reason}: ${said}`, "archive");
        for (const problem of problems) if (problem !== cut) this.problem(file.path, problem, "archive");
        this.visitEntries(entries, file.path, base, level, budget, (size) => budget.admit(size, false));
      } else this.problem(file.path, result.reason, "archive");
      return;
    }
    budget.spend(result.value.length);
    if (archiveKind(result.value) === "tar") {
      this.tar(result.value, file.path, base, level, budget);
      return;
    }
    const path = gunzippedName(file.path);
    const refused = budget.admit(result.value.length, false);
    if (refused) this.skip(path, `${refused.reason}: not read`);
    else this.visit({ path, bytes: result.value }, level, false, budget);
  }

  private zip(file: InputFile, base: string, level: number, budget: ArchiveBudget): void {
    const { entries, problems, refused } = readZip(file.bytes, (_, size) => budget.admit(size, true));
    for (const problem of problems) this.problem(file.path, problem, "archive");
    for (const entry of entries) if (entry.name.includes("\n")) this.nameTexts.push(entry.name);
    const stopped = refused.filter((entry) => entry.stop);
    for (const entry of refused.filter((r) => !r.stop))
      this.skip(base + entry.name, `${entry.reason} (in ${file.path}): not read`);
    if (stopped[0])
      this.skipRest(
        file.path,
        stopped[0].reason,
        stopped.map((entry) => entry.name),
      );
    // `zip -y` keeps links as links: the entry's content is the target, not the target's content.
    const decoder = new TextDecoder();
    const tarEntries: TarEntry[] = entries.map((entry) =>
      entry.type === "symlink"
        ? {
            path: entry.name,
            type: "symlink",
            bytes: new Uint8Array(),
            linkTarget: decoder.decode(entry.bytes),
          }
        : { path: entry.name, type: "file", bytes: entry.bytes },
    );
    this.visitEntries(tarEntries, file.path, base, level, budget, () => undefined);
  }

  private tar(data: Uint8Array, archive: string, base: string, level: number, budget: ArchiveBudget): void {
    const { entries, problems, multiline } = readTar(data);
    pushAll(this.nameTexts, multiline);
    for (const problem of problems) this.problem(archive, problem, "archive");
    this.visitEntries(entries, archive, base, level, budget, (size) => budget.admit(size, false));
  }

  /**
   * Visit an archive's entries: files as they are, links resolved inside the archive (a link to a
   * file present becomes a copy of it at the link's path, and is recorded in `links`). Entries
   * `admit` refuses, and links to nothing in the archive, are named in `unread`.
   */
  private visitEntries(
    entries: readonly TarEntry[],
    archive: string,
    base: string,
    level: number,
    budget: ArchiveBudget,
    admit: Admit,
  ): void {
    const files = new Map<string, Uint8Array>();
    const folders = new Set<string>();
    const linkEntries: (TarEntry & { path: string })[] = [];
    let stopped: string | undefined;
    const rest: string[] = [];
    const names = this.duplicateNames(entries, archive);
    for (const [index, entry] of entries.entries()) {
      const path = names.get(index) ?? escapeFilePath(normalize(entry.path));
      if (entry.type === "directory") folders.add(path);
      if (!path || entry.type === "directory" || entry.type === "other") continue;
      if (stopped !== undefined) {
        rest.push(path);
        continue;
      }
      const refused = admit(entry.bytes.length);
      if (refused?.stop) {
        stopped = refused.reason;
        rest.push(path);
        continue;
      }
      if (refused) this.skip(base + path, `${refused.reason} (in ${archive}): not read`);
      else if (entry.type === "file") files.set(path, entry.bytes);
      else linkEntries.push({ ...entry, path });
    }
    if (stopped !== undefined) this.skipRest(archive, stopped, rest);
    const linkTargets = new Map(linkEntries.map((link) => [link.path, link] as const));
    const index = new PathIndex([...files.keys(), ...linkTargets.keys()]);
    const tree =
      linkEntries.length > 0 ? archiveTree(files.keys(), linkTargets.keys(), folders) : new Set<string>();
    const resolved: [string, Uint8Array][] = [];
    for (const link of linkEntries) {
      const { target, outside, raw } = followLink(link, linkTargets, index, tree);
      const bytes = files.get(target);
      // A link to a folder of the archive (`etc/kubernetes/pki -> /data/pki`) is read where it
      // leads: the folder's files are read at their own paths, and references find them by suffix.
      const folder = !bytes && !outside && isFolder(target, folders, files);
      if (link.type === "symlink") {
        const absolute = (link.linkTarget ?? "").startsWith("/");
        this.links[base + link.path] = bytes || folder || !absolute ? base + target : (link.linkTarget ?? "");
      }
      if (bytes) resolved.push([link.path, bytes]);
      else if (!folder) this.skipLink(base + link.path, link.type, raw, outside);
    }
    for (const [path, bytes] of [...files, ...resolved])
      this.visit({ path: base + path, bytes }, level, false, budget);
  }

  /**
   * Entries that share a path: extracting the archive leaves the last of them, so the last keeps
   * the path and each earlier one is read under `<path> (entry k of n)`, a name no configuration
   * refers to; the archive is named with what it holds. Indexes of renamed entries → their names.
   */
  private duplicateNames(entries: readonly TarEntry[], archive: string): Map<number, string> {
    const byPath = new Map<string, number[]>();
    for (const [index, entry] of entries.entries()) {
      if (entry.type === "directory" || entry.type === "other") continue;
      const path = normalize(entry.path);
      if (!path) continue;
      const seen = byPath.get(path);
      if (seen) seen.push(index);
      else byPath.set(path, [index]);
    }
    const names = new Map<number, string>();
    for (const [path, indexes] of byPath) {
      if (indexes.length < 2) continue;
      const count = indexes.length;
      indexes.slice(0, -1).forEach((index, k) => names.set(index, `${path} (entry ${k + 1} of ${count})`));
      this.problem(
        archive,
        `it holds ${count} entries named ${path}: the last is read as ${path}, as extracting the archive leaves it, and the earlier ${count === 2 ? "one" : count - 1} as "${path} (entry 1 of ${count})"${count > 2 ? " and on" : ""}`,
        "duplicate-entries",
      );
    }
    return names;
  }

  /** A link whose target is not in the archive: outside it (left alone), or missing (a loss). */
  private skipLink(path: string, type: TarEntry["type"], raw: string, outside: boolean): void {
    if (outside) this.skip(path, `points outside the archive (${raw}): not followed`, "outside");
    else if (type === "hardlink")
      this.skip(path, `hard link to ${raw}, which is not in the archive`, "unreadable");
    else this.skip(path, `dangling symlink to ${raw} (not in the archive)`, "unreadable");
  }
}

/**
 * Expand every archive among the inputs (gzip, tar, tar.gz, zip; nested up to the depth limit),
 * each dropped archive within its own budget and all of them within the drop's. Never throws for
 * bad archives: corruption becomes a problem naming the archive, what a limit kept out and links
 * to nothing become `unread` records, and whatever else was read is kept.
 */
export function expandArchives(inputs: readonly InputFile[], limits: ArchiveLimits): ExpandedInput {
  const expander = new Expander(limits);
  for (const file of inputs) expander.visit(file, 0, inputs.length === 1);
  const { files, problems, unread, links, nameTexts } = expander;
  return { files, problems, unread, links, nameTexts };
}
