/**
 * The CLI's one file-system edge: turn the command line's paths into the `InputFile[]` that lib/
 * analyses. Directories are walked in a fixed order so a report is reproducible; archives are
 * handed over as bytes (lib/ expands them, the same code as in the browser).
 */
import type { Stats } from "node:fs";
import { readFile, readdir, readlink, realpath, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { PathIndex } from "../lib/ingest/resolve-path";
import type { InputFile } from "../lib/ingest/types";

/** Larger files are not PKI material anyone drops into an audit; reading them would only cost memory. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface ReadInputOptions {
  /** Skip (with a note) files larger than this; default `MAX_FILE_BYTES`. */
  maxFileBytes?: number;
  /** Receives one line per skipped entry (dangling link, oversized file, unreadable file, ...). */
  onNote?: (message: string) => void;
}

export type ReadInputResult =
  /** `names`: each argument's prefix, in order, when there are several (none for one). */
  { ok: true; files: InputFile[]; names: string[] } | { ok: false; error: string };

/**
 * Read every argument: a directory is walked recursively (entries sorted, symlinks followed, paths
 * relative to it and '/'-separated); a file becomes one InputFile named by its basename. With
 * several arguments each one's paths are prefixed by its basename (`node-a/pki/ca.crt`) so sources
 * stay apart. An argument that is missing or unreadable fails the whole read with a one-line
 * reason; problems below a directory only skip that entry, reported through `onNote`.
 */
export async function readInput(args: string[], options: ReadInputOptions = {}): Promise<ReadInputResult> {
  const reader = new TreeReader(options.maxFileBytes ?? MAX_FILE_BYTES, options.onNote ?? (() => undefined));
  const prefixes = uniquePrefixes(args);
  for (const [index, arg] of args.entries()) {
    const prefix = args.length > 1 ? (prefixes[index] ?? arg) : "";
    const error = await reader.readArgument(arg, prefix);
    if (error) return { ok: false, error };
  }
  await reader.resolveAbsoluteLinks();
  // Resolved links join at the end: put every file back in path order, as the walk reads them.
  reader.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files: reader.files, names: args.length > 1 ? prefixes : [] };
}

/** An absolute symlink met in a tree, resolved once every file has been read. */
interface AbsoluteLink {
  full: string;
  path: string;
  target: string;
  ancestors: Set<string>;
}

class TreeReader {
  readonly files: InputFile[] = [];
  private readonly absoluteLinks: AbsoluteLink[] = [];

  constructor(
    private readonly maxFileBytes: number,
    private readonly note: (message: string) => void,
  ) {}

  /** Read one command-line argument; returns the reason when it cannot be read at all. */
  async readArgument(arg: string, prefix: string): Promise<string | undefined> {
    const info = await statOrReason(arg);
    if (typeof info === "string") return `cannot read '${arg}': ${info}`;
    if (info.isDirectory()) {
      const real = await attempt(() => realpath(arg));
      if (!real.ok) return `cannot read '${arg}': ${real.reason}`;
      const listed = await this.walk(arg, prefix, new Set([real.value]));
      return listed === undefined ? undefined : `cannot read '${arg}': ${listed}`;
    }
    if (!info.isFile()) return `cannot read '${arg}': not a regular file or directory`;
    // A file argument is named by its own name (even when it is a link): its target lies outside any audited tree.
    const name = prefix === "" ? basename(resolve(arg)) : prefix;
    const failure = await this.readOne(arg, name, info);
    return failure === undefined ? undefined : `cannot read '${arg}': ${failure}`;
  }

  /**
   * Walk `dir`, whose entries are named `<relative>/<entry>`. `ancestors` holds the real paths of
   * the directories being walked, so a link back up the tree is skipped instead of looping.
   * Returns the reason when `dir` itself cannot be listed.
   */
  private async walk(dir: string, relative: string, ancestors: Set<string>): Promise<string | undefined> {
    const listing = await attempt(() => readdir(dir, { withFileTypes: true }));
    if (!listing.ok) return listing.reason;
    const entries = listing.value;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        await this.readLink(full, path, ancestors);
      } else if (entry.isDirectory()) {
        await this.walkDirectory(full, path, ancestors);
      } else if (entry.isFile()) {
        const info = await statOrReason(full);
        if (typeof info === "string") this.note(`skipped ${path}: ${info}`);
        else await this.readNested(full, path, info, undefined);
      } else {
        this.note(`skipped ${path}: not a regular file`);
      }
    }
    return undefined;
  }

  /** Follow a symlink: read its target file (recording the link text) or walk its target directory. */
  private async readLink(full: string, path: string, ancestors: Set<string>): Promise<void> {
    const linkTarget = await attempt(() => readlink(full));
    if (!linkTarget.ok) {
      this.note(`skipped ${path}: ${linkTarget.reason}`);
      return;
    }
    // `/var/lib/kubelet/pki/kubelet-client-<date>.pem` names the node's root, which an audited copy
    // of the node is not: such a link is resolved inside the audited files first, as in archives.
    if (linkTarget.value.startsWith("/")) {
      this.absoluteLinks.push({ full, path, target: linkTarget.value, ancestors });
      return;
    }
    await this.followLink(full, path, linkTarget.value, ancestors);
  }

  /**
   * Give each absolute link the content of the audited file it names (the longest path-suffix match,
   * nearest to the link); a link whose target is not among the audited files is followed on disk.
   */
  async resolveAbsoluteLinks(): Promise<void> {
    if (this.absoluteLinks.length === 0) return;
    const byPath = new Map(this.files.map((file) => [file.path, file]));
    const index = new PathIndex([...byPath.keys()]);
    for (const link of this.absoluteLinks) {
      const found = index.resolve(link.target, link.path);
      const file = found === undefined ? undefined : byPath.get(found);
      if (file) this.files.push({ path: link.path, bytes: file.bytes, linkTarget: link.target });
      else await this.followLink(link.full, link.path, link.target, link.ancestors);
    }
  }

  private async followLink(
    full: string,
    path: string,
    linkTarget: string,
    ancestors: Set<string>,
  ): Promise<void> {
    const target = await statOrReason(full);
    if (typeof target === "string")
      this.note(`skipped ${path}: dangling symlink to ${linkTarget} (${target})`);
    else if (target.isDirectory()) await this.walkDirectory(full, path, ancestors);
    else if (target.isFile()) await this.readNested(full, path, target, linkTarget);
    else this.note(`skipped ${path}: symlink to something that is not a file or directory`);
  }

  private async walkDirectory(full: string, path: string, ancestors: Set<string>): Promise<void> {
    const real = await attempt(() => realpath(full));
    if (!real.ok) {
      this.note(`skipped ${path}/: ${real.reason}`);
      return;
    }
    if (ancestors.has(real.value)) {
      this.note(`skipped ${path}: symlink loop back to ${real.value}`);
      return;
    }
    const failure = await this.walk(full, path, new Set([...ancestors, real.value]));
    if (failure) this.note(`skipped ${path}/: ${failure}`);
  }

  private async readNested(
    full: string,
    path: string,
    info: Stats,
    linkTarget: string | undefined,
  ): Promise<void> {
    const failure = await this.readOne(full, path, info, linkTarget);
    if (failure) this.note(`skipped ${path}: ${failure}`);
  }

  /** Read one file into the list; returns why it was not read (too large, unreadable). */
  private async readOne(
    full: string,
    path: string,
    info: Stats,
    linkTarget?: string,
  ): Promise<string | undefined> {
    if (info.size > this.maxFileBytes)
      return `larger than ${formatSize(this.maxFileBytes)} (${formatSize(info.size)})`;
    const read = await attempt(() => readFile(full));
    if (!read.ok) return read.reason;
    const buffer = read.value;
    // A plain Uint8Array view: lib/ runs in browsers too and must not meet Node's Buffer API.
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    this.files.push(linkTarget === undefined ? { path, bytes } : { path, bytes, linkTarget });
    return undefined;
  }
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

async function statOrReason(path: string): Promise<Stats | string> {
  const result = await attempt(() => stat(path));
  return result.ok ? result.value : result.reason;
}

/** Run one file-system call, turning its expected failures into a reason (bugs still throw). */
async function attempt<T>(
  operation: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  try {
    return { ok: true, value: await operation() };
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

function formatSize(bytes: number): string {
  const [unit, size] =
    bytes >= 1024 * 1024 ? ["MiB", 1024 * 1024] : bytes >= 1024 ? ["KiB", 1024] : ["bytes", 1];
  const value = bytes / size;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
