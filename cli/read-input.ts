/**
 * The CLI's one file-system edge: turn the command line's paths into the `InputFile[]` that lib/
 * analyses. Directories are walked in a fixed order so a report is reproducible; archives are
 * handed over as bytes (lib/ expands them, the same code as in the browser). A file that cannot be
 * read is handed over too, as an `unreadable` stand-in, so the report names it (INPUT_SKIPPED).
 */
import {
  type Dirent,
  closeSync,
  fstatSync,
  openSync,
  readSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  statSync,
} from "node:fs";
import { basename, resolve, sep } from "node:path";
import { MAX_INPUT_FILE_BYTES, tooLargeReason, unreadInput } from "../lib/ingest/input-limits";
import { PathIndex } from "../lib/ingest/resolve-path";
import type { InputFile, UnreadKind } from "../lib/inventory";

/** The per-file limit the explorer applies too (lib/ingest/input-limits.ts): one verdict on the same files. */
export const MAX_FILE_BYTES = MAX_INPUT_FILE_BYTES;

export interface ReadInputOptions {
  /** Skip (with a note and an unreadable stand-in) files larger than this; default `MAX_FILE_BYTES`. */
  maxFileBytes?: number;
  /**
   * Receives one line per skipped entry (dangling link, oversized file, unreadable file, link out of
   * the audited folders, socket, ...). Every entry whose content is lost is also in `files`, as an
   * `unreadable` stand-in with the same reason; sockets, FIFOs and links back into the walk are not.
   */
  onNote?: (message: string) => void;
  /** Called after each file read with the number read so far, for a progress line. */
  onFileRead?: (count: number) => void;
}

export type ReadInputResult =
  /** `names`: each argument's prefix, in order, when there are several (none for one). */
  { ok: true; files: InputFile[]; names: string[] } | { ok: false; error: string };

/**
 * Read every argument: a directory is walked recursively (entries sorted, symlinks followed while
 * they stay inside the audited folders, paths relative to it and '/'-separated); a file becomes one
 * InputFile named by its basename. With several arguments each one's paths are prefixed by its
 * basename (`node-a/pki/ca.crt`) so sources stay apart. An argument that is missing or unreadable
 * fails the whole read with a one-line reason (one over the size limit is only skipped); an entry
 * below a directory that cannot be read becomes an `unreadable` stand-in, reported through `onNote`.
 *
 * The reads are synchronous: a node's PKI is thousands of small files, and one system call after
 * another beats a pool of promises that each wait for the thread pool (measured on 4,000 and 20,000
 * files). A regular file costs open, fstat (for the size limit), read and close; a directory, one
 * readdir: real paths are needed only where a symlink is followed.
 */
export async function readInput(args: string[], options: ReadInputOptions = {}): Promise<ReadInputResult> {
  const reader = new TreeReader(
    auditedFolders(args),
    options.maxFileBytes ?? MAX_FILE_BYTES,
    options.onNote ?? (() => undefined),
    options.onFileRead ?? (() => undefined),
  );
  const prefixes = uniquePrefixes(args);
  for (const [index, arg] of args.entries()) {
    const prefix = args.length > 1 ? (prefixes[index] ?? arg) : "";
    const error = reader.readArgument(arg, prefix);
    if (error) return { ok: false, error };
  }
  reader.resolveAbsoluteLinks();
  // Resolved links join at the end: put every file back in path order, as the walk reads them.
  reader.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files: reader.files, names: args.length > 1 ? prefixes : [] };
}

/**
 * The real paths of the directories being walked, innermost last, so a link back up the tree is
 * skipped instead of looping. A plain subdirectory's real path is its parent's plus its name; only a
 * followed link asks the file system (realpath).
 */
type Ancestors = readonly string[];

/** An absolute symlink met in a tree, resolved once every file has been read. */
interface AbsoluteLink {
  full: string;
  path: string;
  target: string;
  ancestors: Ancestors;
}

class TreeReader {
  readonly files: InputFile[] = [];
  private readonly absoluteLinks: AbsoluteLink[] = [];
  private read = 0;

  constructor(
    /** The real paths of the folder arguments: a link is followed only to somewhere inside one. */
    private readonly folders: readonly string[],
    private readonly maxFileBytes: number,
    private readonly note: (message: string) => void,
    private readonly onFileRead: (count: number) => void,
  ) {}

  /** Read one command-line argument; returns the reason when it cannot be read at all. */
  readArgument(arg: string, prefix: string): string | undefined {
    const info = attempt(() => statSync(arg));
    if (!info.ok) return `cannot read '${arg}': ${info.reason}`;
    if (info.value.isDirectory()) {
      const real = attempt(() => realpathSync.native(arg));
      if (!real.ok) return `cannot read '${arg}': ${real.reason}`;
      const listed = this.walk(arg, prefix, [real.value]);
      return listed === undefined ? undefined : `cannot read '${arg}': ${listed}`;
    }
    if (!info.value.isFile()) return `cannot read '${arg}': not a regular file or directory`;
    // A file argument is named by its own name (even when it is a link): its target lies outside any audited tree.
    const name = prefix === "" ? basename(resolve(arg)) : prefix;
    const failure = this.readOne(arg, name);
    if (failure?.kind === "limit") this.skip(name, failure.reason, "limit");
    else if (failure) return `cannot read '${arg}': ${failure.reason}`;
    return undefined;
  }

  /** Hand over a stand-in for an entry whose content is lost, and say so. */
  private skip(path: string, reason: string, kind: UnreadKind = "unreadable"): void {
    this.note(`skipped ${path}: ${reason}`);
    this.files.push(unreadInput(path, reason, kind));
  }

  /** Whether the real path `real` lies in one of the audited folders. */
  private inside(real: string): boolean {
    return this.folders.some(
      (folder) => real === folder || real.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`),
    );
  }

  /**
   * Walk `dir`, whose entries are named `<relative>/<entry>`; the last of `ancestors` is `dir`'s real
   * path. Returns the reason when `dir` itself cannot be listed.
   */
  private walk(dir: string, relative: string, ancestors: Ancestors): string | undefined {
    const listing = attempt(() => readdirSync(dir, { withFileTypes: true }));
    if (!listing.ok) return listing.reason;
    const entries: Dirent[] = listing.value;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const real = ancestors[ancestors.length - 1] ?? dir;
    for (const entry of entries) {
      const full = within(dir, entry.name);
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        this.readLink(full, path, ancestors);
      } else if (entry.isDirectory()) {
        this.walkInto(full, path, within(real, entry.name), ancestors);
      } else if (entry.isFile()) {
        this.readNested(full, path, undefined);
      } else {
        this.note(`skipped ${path}: not a regular file`);
      }
    }
    return undefined;
  }

  /** Follow a symlink: read its target file (recording the link text) or walk its target directory. */
  private readLink(full: string, path: string, ancestors: Ancestors): void {
    const linkTarget = attempt(() => readlinkSync(full));
    if (!linkTarget.ok) {
      this.skip(path, linkTarget.reason);
      return;
    }
    // `/var/lib/kubelet/pki/kubelet-client-<date>.pem` names the node's root, which an audited copy
    // of the node is not: such a link is resolved inside the audited files first, as in archives.
    if (linkTarget.value.startsWith("/")) {
      this.absoluteLinks.push({ full, path, target: linkTarget.value, ancestors });
      return;
    }
    this.followLink(full, path, linkTarget.value, ancestors);
  }

  /**
   * Give each absolute link the content of the audited file it names (the longest path-suffix match,
   * nearest to the link); a link whose target is not among the audited files is followed on disk.
   */
  resolveAbsoluteLinks(): void {
    if (this.absoluteLinks.length === 0) return;
    const read = this.files.filter((file) => file.unreadable === undefined);
    const byPath = new Map(read.map((file) => [file.path, file]));
    const index = new PathIndex([...byPath.keys()]);
    for (const link of this.absoluteLinks) {
      const found = index.resolve(link.target, link.path);
      const file = found === undefined ? undefined : byPath.get(found);
      if (file) this.files.push({ path: link.path, bytes: file.bytes, linkTarget: link.target });
      else this.followLink(link.full, link.path, link.target, link.ancestors);
    }
  }

  /**
   * Follow a link on disk: into a folder or to a file inside the audited folders; one leading out of
   * them is not followed (what it names is not what was asked for), and is named as such.
   */
  private followLink(full: string, path: string, linkTarget: string, ancestors: Ancestors): void {
    const target = attempt(() => statSync(full));
    if (!target.ok) {
      this.skip(path, `dangling symlink to ${linkTarget} (${target.reason})`);
      return;
    }
    if (!target.value.isDirectory() && !target.value.isFile()) {
      this.note(`skipped ${path}: symlink to something that is not a file or directory`);
      return;
    }
    const real = attempt(() => realpathSync.native(full));
    if (!real.ok) this.skip(path, real.reason);
    else if (!this.inside(real.value))
      this.skip(path, `points outside the audited folder (${linkTarget}): not followed`, "outside");
    else if (target.value.isDirectory()) this.walkInto(full, path, real.value, ancestors);
    else this.readNested(full, path, linkTarget);
  }

  /**
   * Walk the folder `full`, whose real path is `real`, unless it is one of the folders being walked:
   * a plain folder can be one too, when the walk came down to it through a link.
   */
  private walkInto(full: string, path: string, real: string, ancestors: Ancestors): void {
    if (ancestors.includes(real)) {
      this.note(`skipped ${path}: symlink loop back to ${real}`);
      return;
    }
    const failure = this.walk(full, path, [...ancestors, real]);
    if (failure) this.skip(path, `folder could not be listed: ${failure}`);
  }

  private readNested(full: string, path: string, linkTarget: string | undefined): void {
    const failure = this.readOne(full, path, linkTarget);
    if (failure) this.skip(path, failure.reason, failure.kind);
  }

  /** Read one file into the list; returns why it was not read (too large, unreadable). */
  private readOne(
    full: string,
    path: string,
    linkTarget?: string,
  ): { reason: string; kind: UnreadKind } | undefined {
    const opened = attempt(() => openSync(full, "r"));
    if (!opened.ok) return { reason: opened.reason, kind: "unreadable" };
    const fd = opened.value;
    try {
      const read = attempt(() => readWhole(fd, this.maxFileBytes));
      if (!read.ok) return { reason: read.reason, kind: "unreadable" };
      if (typeof read.value === "number")
        return { reason: tooLargeReason(read.value, this.maxFileBytes), kind: "limit" };
      // A plain Uint8Array: lib/ runs in browsers too and must not meet Node's Buffer API.
      const bytes = read.value;
      const file: InputFile = linkTarget === undefined ? { path, bytes } : { path, bytes, linkTarget };
      this.files.push(file);
      this.onFileRead(++this.read);
      return undefined;
    } finally {
      closeSync(fd);
    }
  }
}

/** `dir`'s entry `name`: path.join without its normalising, which a walk of 20,000 entries feels. */
function within(dir: string, name: string): string {
  return dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`;
}

/**
 * The whole content of the open file `fd`, or its size when that is over `maxBytes`. The size comes
 * from fstat; a file that reports none (procfs, a FIFO behind a link) is read until its end.
 */
const scratch = new Uint8Array(64 * 1024);

function readWhole(fd: number, maxBytes: number): Uint8Array | number {
  const size = fstatSync(fd).size;
  if (size > maxBytes) return size;
  if (size > 0) {
    const bytes = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const n = readSync(fd, bytes, filled, size - filled, null);
      if (n === 0) break;
      filled += n;
    }
    return filled === size ? bytes : bytes.slice(0, filled);
  }
  // Read through one reused buffer, keeping copies of what came: most such files are empty, and
  // a fresh 64 KiB buffer for each of 100,000 empty files cost seconds of allocation alone.
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const n = readSync(fd, scratch, 0, scratch.length, null);
    if (n === 0) break;
    total += n;
    if (total > maxBytes) return total;
    chunks.push(scratch.slice(0, n));
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * The real path of each argument that is a folder: the audited folders links may lead into. An
 * argument that cannot be examined is left to `readArgument`, which names it.
 */
function auditedFolders(args: string[]): string[] {
  const folders: string[] = [];
  for (const arg of args) {
    const info = attempt(() => statSync(arg));
    if (!info.ok || !info.value.isDirectory()) continue;
    const real = attempt(() => realpathSync.native(arg));
    if (real.ok) folders.push(real.value);
  }
  return folders;
}

/**
 * Each argument's basename, made unique with `-2`, `-3`... so two `etc` folders from two nodes
 * cannot merge into one tree.
 */
function uniquePrefixes(args: string[]): string[] {
  const used = new Set<string>();
  return args.map((arg) => {
    const base = basename(resolve(arg)) || "root";
    let name = base;
    for (let counter = 2; used.has(name); counter++) name = `${base}-${counter}`;
    used.add(name);
    return name;
  });
}

/** Run one file-system call, turning its expected failures into a reason (bugs still throw). */
function attempt<T>(operation: () => T): { ok: true; value: T } | { ok: false; reason: string } {
  try {
    return { ok: true, value: operation() };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/** The human part of a Node file-system error: "no such file or directory", "permission denied". */
function reasonOf(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const known: Record<string, string> = {
    ENOENT: "no such file or directory",
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    ELOOP: "too many levels of symbolic links",
    ENOTDIR: "not a directory",
    EISDIR: "is a directory",
    EMFILE: "too many open files",
  };
  if (known[code]) return known[code];
  // Any other system error (EIO, ENAMETOOLONG, ...) keeps Node's own wording; anything else is a bug.
  if (error instanceof Error && /^E[A-Z]+$/.test(code)) return error.message;
  throw error;
}
