/**
 * Archives in the input become the files inside them, recursively and within ArchiveLimits, so the
 * rest of ingest only ever sees plain files. Entry paths are `<archive path>/<entry path>`, except
 * when the archive is the only input: then its entries are the input (`cluster.tgz` holding
 * `etc/kubernetes/pki/ca.crt` gives `etc/kubernetes/pki/ca.crt`).
 */
import { unzipSync } from "fflate";
import { errorMessage } from "../pki/result";
import { archiveKind } from "./archive-kind";
import { formatBytes, type ArchiveLimits } from "./archive-limits";
import { gunzipLimited } from "./gunzip-limited";
import { readTar, type TarEntry } from "./read-tar";
import { zipSymlinkNames } from "./zip-symlinks";
import { dirname, PathIndex, pathSegments } from "./resolve-path";
import type { InputFile, ParseProblem } from "./types";

export interface ExpandedInput {
  /** Plain files: inputs that are not archives, and the files inside archives. */
  files: InputFile[];
  problems: ParseProblem[];
  /** Symlinks inside archives: link path → target path (within the input when it was found). */
  links: Record<string, string>;
}

const MAX_LINK_HOPS = 8;

function normalize(path: string): string {
  return pathSegments(path).join("/");
}

/** `x/ca.crt.gz` → `x/ca.crt`; other names get `.out` so the path stays distinct from the archive. */
function gunzippedName(path: string): string {
  if (/\.tgz$/i.test(path)) return path.replace(/\.tgz$/i, ".tar");
  return /\.gz$/i.test(path) ? path.replace(/\.gz$/i, "") : `${path}.out`;
}

class Expander {
  readonly files: InputFile[] = [];
  readonly problems: ParseProblem[] = [];
  readonly links: Record<string, string> = {};
  private entries = 0;
  private total = 0;
  private stopped = false;

  constructor(private readonly limits: ArchiveLimits) {}

  visit(file: InputFile, level: number, bare: boolean): void {
    const kind = archiveKind(file.bytes);
    if (!kind) {
      this.files.push(file);
      return;
    }
    if (level >= this.limits.maxDepth) {
      this.problem(
        file.path,
        `archive nested more than ${this.limits.maxDepth} levels deep (depth limit): not expanded`,
      );
      return;
    }
    const base = bare ? "" : `${file.path}/`;
    if (kind === "zip") this.zip(file, base, level + 1);
    else if (kind === "tar") this.tar(file.bytes, file.path, base, level + 1);
    else this.gzip(file, base, level + 1);
  }

  private problem(path: string, reason: string): void {
    this.problems.push({ path, reason });
  }

  /** Count one entry against the limits; false (with a problem) when it must not be read. */
  private admit(archive: string, entry: string, size: number): boolean {
    if (this.stopped) return false;
    const { maxEntries, maxEntryBytes, maxTotalBytes } = this.limits;
    if (this.entries + 1 > maxEntries) {
      this.problem(
        archive,
        `more than ${maxEntries} archive entries (entry-count limit): the rest was not read`,
      );
      this.stopped = true;
      return false;
    }
    if (size > maxEntryBytes) {
      this.problem(
        archive,
        `entry ${entry} is ${formatBytes(size)}, over the per-entry limit of ${formatBytes(maxEntryBytes)}: not read`,
      );
      return false;
    }
    if (this.total + size > maxTotalBytes) {
      this.problem(
        archive,
        `expanded archives exceed ${formatBytes(maxTotalBytes)} (total-size limit) at entry ${entry}: the rest was not read`,
      );
      this.stopped = true;
      return false;
    }
    this.entries++;
    this.total += size;
    return true;
  }

  private gzip(file: InputFile, base: string, level: number): void {
    if (this.stopped) return;
    const budget = this.limits.maxTotalBytes - this.total;
    const result = gunzipLimited(file.bytes, budget);
    if (!result.ok) {
      const reason = result.limited
        ? `expanded archives exceed ${formatBytes(this.limits.maxTotalBytes)} (total-size limit): not read`
        : result.reason;
      this.problem(file.path, reason);
      if (result.limited) this.stopped = true;
      return;
    }
    if (archiveKind(result.value) === "tar") {
      this.tar(result.value, file.path, base, level);
      return;
    }
    const path = gunzippedName(file.path);
    if (this.admit(file.path, path, result.value.length))
      this.visit({ path, bytes: result.value }, level, false);
  }

  private zip(file: InputFile, base: string, level: number): void {
    let contents: Record<string, Uint8Array>;
    try {
      contents = unzipSync(file.bytes, {
        filter: (info) => {
          if (info.name.endsWith("/")) return false;
          if (info.compression !== 0 && info.compression !== 8) {
            this.problem(
              file.path,
              `entry ${info.name} uses unsupported compression method ${info.compression}: not read`,
            );
            return false;
          }
          return this.admit(file.path, info.name, info.originalSize);
        },
      });
    } catch (error) {
      this.problem(file.path, `corrupt zip archive: ${errorMessage(error)}`);
      return;
    }
    // `zip -y` keeps links as links: the entry's content is the target, not the target's content.
    const symlinks = zipSymlinkNames(file.bytes);
    const decoder = new TextDecoder();
    const entries: TarEntry[] = Object.entries(contents).map(([name, bytes]) =>
      symlinks.has(name)
        ? { path: name, type: "symlink", bytes: new Uint8Array(), linkTarget: decoder.decode(bytes) }
        : { path: name, type: "file", bytes },
    );
    this.visitEntries(entries, base, level, () => true);
  }

  private tar(data: Uint8Array, archive: string, base: string, level: number): void {
    const { entries, problem } = readTar(data);
    if (problem) this.problem(archive, problem);
    this.visitEntries(entries, base, level, (path, size) => this.admit(archive, path, size));
  }

  /**
   * Visit an archive's entries: files as they are, links resolved inside the archive (a link to a
   * file present becomes a copy of it at the link's path, and is recorded in `links`).
   */
  private visitEntries(
    entries: readonly TarEntry[],
    base: string,
    level: number,
    admit: (path: string, size: number) => boolean,
  ): void {
    const files = new Map<string, Uint8Array>();
    const linkEntries: (TarEntry & { path: string })[] = [];
    for (const entry of entries) {
      const path = normalize(entry.path);
      if (!path || entry.type === "directory" || entry.type === "other") continue;
      if (!admit(path, entry.bytes.length)) {
        if (this.stopped) break;
        continue;
      }
      if (entry.type === "file") files.set(path, entry.bytes);
      else linkEntries.push({ ...entry, path });
    }
    const linkTargets = new Map(linkEntries.map((link) => [link.path, link] as const));
    const index = new PathIndex([...files.keys(), ...linkTargets.keys()]);
    const resolved: [string, Uint8Array][] = [];
    for (const link of linkEntries) {
      const target = this.followLink(link, linkTargets, index);
      const bytes = files.get(target);
      if (link.type === "symlink") {
        const absolute = (link.linkTarget ?? "").startsWith("/");
        this.links[base + link.path] = bytes || !absolute ? base + target : (link.linkTarget ?? "");
      }
      if (bytes) resolved.push([link.path, bytes]);
    }
    for (const [path, bytes] of [...files, ...resolved])
      this.visit({ path: base + path, bytes }, level, false);
  }

  /**
   * The archive path a link finally points at (following link chains): hard links name an archive
   * path; absolute symlinks are matched by suffix, as the node's root is not the archive's root;
   * relative symlinks are taken from the link's folder.
   */
  private followLink(
    link: TarEntry & { path: string },
    links: Map<string, TarEntry>,
    index: PathIndex,
  ): string {
    let current: TarEntry & { path: string } = link;
    let target = "";
    for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
      const raw = current.linkTarget ?? "";
      if (current.type === "hardlink") target = normalize(raw);
      else if (raw.startsWith("/")) target = index.resolve(raw) ?? normalize(raw);
      else target = normalize(`${dirname(current.path)}/${raw}`);
      const next = links.get(target);
      if (!next || target === current.path) return target;
      current = { ...next, path: target };
    }
    return target;
  }
}

/**
 * Expand every archive among the inputs (gzip, tar, tar.gz, zip; nested up to the depth limit).
 * Never throws for bad archives: corruption and exceeded limits become problems naming the
 * archive, and whatever was read before them is kept.
 */
export function expandArchives(inputs: readonly InputFile[], limits: ArchiveLimits): ExpandedInput {
  const expander = new Expander(limits);
  for (const file of inputs) expander.visit(file, 0, inputs.length === 1);
  return { files: expander.files, problems: expander.problems, links: expander.links };
}
