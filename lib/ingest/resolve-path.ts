/**
 * Configuration names files by the path they had on the node (`/etc/kubernetes/pki/ca.crt`), but
 * the user dropped a copy somewhere else (`backup/kubeadm-v1.20/pki/ca.crt`). We map one onto the
 * other by the longest matching run of trailing path segments, so `/etc/kubernetes/pki/ca.crt`
 * picks `x/pki/ca.crt` (2 segments) over `x/pki/etcd/ca.crt` (1 segment).
 */

/** Path segments without empty and `.` parts; `..` pops (never above the root). */
export function pathSegments(path: string): string[] {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out;
}

/** The directory part of a '/'-separated path ("" for a top-level file). */
export function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

/** The last segment of a '/'-separated path. */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

interface Candidate {
  path: string;
  segments: string[];
}

function trailingMatch(ref: readonly string[], candidate: readonly string[]): number {
  let n = 0;
  while (
    n < ref.length &&
    n < candidate.length &&
    ref[ref.length - 1 - n] === candidate[candidate.length - 1 - n]
  )
    n++;
  return n;
}

function misaligned(ref: readonly string[], candidate: readonly string[], matched: number): boolean {
  const refRest = new Set(ref.slice(0, ref.length - matched));
  return candidate.slice(0, candidate.length - matched).some((segment) => refRest.has(segment));
}

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Dropped paths indexed by file name: build once, resolve many references. Each resolution only
 * looks at the files with the same name, so resolving every flag of a large folder stays linear.
 */
export class PathIndex {
  private readonly byName = new Map<string, Candidate[]>();
  private readonly exact = new Set<string>();

  constructor(paths: readonly string[]) {
    for (const path of paths) {
      this.exact.add(path);
      const segments = pathSegments(path);
      const name = segments[segments.length - 1];
      if (name === undefined) continue;
      const list = this.byName.get(name);
      if (list) list.push({ path, segments });
      else this.byName.set(name, [{ path, segments }]);
    }
  }

  /**
   * The dropped path `ref` most likely names, or undefined. A relative `ref` is taken relative to
   * the directory of `from` (the file that names it) and returned directly when that exact file
   * was dropped. Otherwise candidates must share the file name; the most trailing segments in
   * common wins; ties go to the candidate sharing the longest directory prefix with `from`, then to
   * the one with the fewest unmatched leading segments (the closest to the drop root), then to the
   * lexicographically smallest path.
   *
   * A candidate is rejected when a folder name occurs in the unmatched part of both paths: the two
   * trees are then misaligned, so it is a different file. With `pki/ca.crt` missing,
   * `/etc/kubernetes/pki/ca.crt` must not fall back to `etc/kubernetes/pki/etcd/ca.crt` (which
   * holds `pki` above the match) — the reference is unresolved instead.
   */
  resolve(ref: string, from?: string): string | undefined {
    const relative = !ref.startsWith("/");
    const joined = relative && from !== undefined ? `${dirname(from)}/${ref}` : ref;
    const refSegments = pathSegments(joined);
    if (relative) {
      const direct = refSegments.join("/");
      if (this.exact.has(direct)) return direct;
    }
    const name = refSegments[refSegments.length - 1];
    const candidates = name === undefined ? undefined : this.byName.get(name);
    if (!candidates) return undefined;
    const fromDir = from === undefined ? [] : pathSegments(dirname(from));
    let best: { candidate: Candidate; matched: number; shared: number; extra: number } | undefined;
    for (const candidate of candidates) {
      const matched = trailingMatch(refSegments, candidate.segments);
      if (misaligned(refSegments, candidate.segments, matched)) continue;
      const shared = commonPrefix(fromDir, candidate.segments.slice(0, -1));
      const extra = candidate.segments.length - matched;
      if (
        !best ||
        matched > best.matched ||
        (matched === best.matched &&
          (shared > best.shared ||
            (shared === best.shared &&
              (extra < best.extra || (extra === best.extra && candidate.path < best.candidate.path)))))
      ) {
        best = { candidate, matched, shared, extra };
      }
    }
    return best?.candidate.path;
  }
}

const indexCache = new WeakMap<readonly string[], { length: number; index: PathIndex }>();

/**
 * Resolve one reference against the dropped paths (see PathIndex.resolve for the rules). The index
 * over `paths` is cached per array (rebuilt if it grows), so resolving every flag of an inventory
 * against `inventory.paths` stays linear.
 */
export function resolvePath(ref: string, paths: readonly string[], from?: string): string | undefined {
  let cached = indexCache.get(paths);
  if (!cached || cached.length !== paths.length) {
    cached = { length: paths.length, index: new PathIndex(paths) };
    indexCache.set(paths, cached);
  }
  return cached.index.resolve(ref, from);
}
