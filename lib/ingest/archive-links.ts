/**
 * How a link inside an archive is followed: the archive's every path, an absolute target read from
 * the node's root (a collected node's `<host>/` folder, or the archive's root), a relative one from
 * the link's folder, chains of links, and what counts as leaving the archive.
 */
import { escapeFilePath } from "../inventory";
import type { TarEntry } from "./read-tar";
import { dirname, PathIndex, pathSegments } from "./resolve-path";

const MAX_LINK_HOPS = 8;

/** An entry's path without `.`, empty segments or a leading `/`. */
export function normalize(path: string): string {
  return pathSegments(path).join("/");
}

/** Whether a relative link written in `dir` climbs above the archive's root (`../../etc/x`). */
function climbsOut(dir: string, target: string): boolean {
  let depth = pathSegments(dir).length;
  for (const part of target.split("/")) {
    if (part === "..") depth--;
    else if (part !== "" && part !== ".") depth++;
    if (depth < 0) return true;
  }
  return false;
}

/**
 * The archive path a link finally points at (following link chains): hard links name an archive
 * path; absolute symlinks are taken from the node's root, which is not the archive's root: the
 * nearest folder above the link under which the target exists (`node1/etc/kubernetes/pki ->
 * /data/pki` is `node1/data/pki`), else matched by suffix; relative symlinks are taken from the
 * link's folder. `outside`: the last link names a path beyond the archive (absolute and matching
 * nothing, or climbing above its root), as `raw`.
 */
export function followLink(
  link: TarEntry & { path: string },
  links: Map<string, TarEntry>,
  index: PathIndex,
  tree: ReadonlySet<string>,
): { target: string; outside: boolean; raw: string } {
  let current: TarEntry & { path: string } = link;
  let target = "";
  let outside = false;
  let raw = "";
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    raw = current.linkTarget ?? "";
    // Entry paths are report paths (see escapeFilePath); the target is the file's own name.
    const escaped = escapeFilePath(raw);
    if (current.type === "hardlink") {
      target = normalize(escaped);
      outside = false;
    } else if (raw.startsWith("/")) {
      const found = underNodeRoot(escaped, current.path, tree) ?? index.resolve(escaped);
      target = found ?? normalize(escaped);
      outside = found === undefined || found === current.path;
    } else {
      target = normalize(`${dirname(current.path)}/${escaped}`);
      outside = climbsOut(dirname(current.path), raw);
    }
    const next = links.get(target);
    if (!next || target === current.path) return { target, outside, raw };
    current = { ...next, path: target };
  }
  return { target, outside, raw };
}

/** Every path of an archive: its files, its links, its folders and the folders above each of them. */
export function archiveTree(
  files: Iterable<string>,
  links: Iterable<string>,
  folders: ReadonlySet<string>,
): Set<string> {
  const tree = new Set<string>();
  for (const path of [...files, ...links, ...folders])
    for (let at = path; at !== "" && !tree.has(at); at = dirname(at)) tree.add(at);
  return tree;
}

/**
 * An absolute link target read from the node's root: the deepest folder above the link (the
 * archive's root last) under which `target` is a path of the archive. A collected node's root is
 * its `<host>/` folder, a plain tarball's is the archive's own root.
 */
function underNodeRoot(target: string, linkPath: string, tree: ReadonlySet<string>): string | undefined {
  const relative = normalize(target);
  if (relative === "") return undefined;
  for (let root = dirname(linkPath); ; root = dirname(root)) {
    const candidate = root === "" ? relative : `${root}/${relative}`;
    if (candidate !== linkPath && tree.has(candidate)) return candidate;
    if (root === "") return undefined;
  }
}

/** Whether `path` is a folder of the archive: an entry of its own, or the folder of a file. */
export function isFolder(
  path: string,
  folders: ReadonlySet<string>,
  files: ReadonlyMap<string, unknown>,
): boolean {
  if (path === "" || folders.has(path)) return true;
  const prefix = `${path}/`;
  for (const file of files.keys()) if (file.startsWith(prefix)) return true;
  return false;
}
