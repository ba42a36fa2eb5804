/**
 * Configuration names files by the path they had on the node (`/etc/kubernetes/pki/ca.crt`), but
 * the user dropped a copy somewhere else (`backup/kubeadm-v1.20/pki/ca.crt`). We map one onto the
 * other by the longest matching run of trailing path segments, so `/etc/kubernetes/pki/ca.crt`
 * picks `x/pki/ca.crt` (2 segments) over `x/pki/etcd/ca.crt` (1 segment).
 */
import { escapeFilePath } from "../inventory";

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

/**
 * A dropped path; its segments are split on first use, since most of a large drop's paths are
 * never a candidate for any reference (100,000 files, a few dozen references).
 */
class Candidate {
  private split: string[] | undefined;
  /** Keys of the directory prefixes of `segments` (see prefixKeys), computed on first use. */
  dirKeys?: string[];

  constructor(
    readonly path: string,
    segments?: string[],
  ) {
    this.split = segments;
  }

  get segments(): string[] {
    this.split ??= pathSegments(this.path);
    return this.split;
  }
}

/** A path with no empty, `.` or `..` segment: its segments are its `/`-separated parts as they are. */
const PLAIN_PATH = /^(?!\/)(?!.*\/\/)(?!(?:.*\/)?\.\.?(?:\/|$)).*[^/]$/;

/**
 * The candidates sharing their last `depth` segments: one node of a trie over reversed paths.
 * Children and the prefix index are built on first use, so only the suffixes references actually
 * walk cost anything.
 */
interface SuffixNode {
  depth: number;
  members: Candidate[];
  children?: Map<string, SuffixNode>;
  /** Per directory prefix, the member with the fewest segments, then the smallest path. */
  byPrefix?: Map<string, Candidate>;
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

/**
 * Whether `candidate` sits in another branch of the drop than the file naming it: the folder the
 * candidate's match hangs from and the naming file's folder part ways below a common parent, as two
 * nodes' folders do.
 */
function divergent(fromDir: readonly string[], candidate: readonly string[], matched: number): boolean {
  const root = candidate.length - matched;
  const shared = commonPrefix(fromDir, candidate.slice(0, root));
  return shared < root && shared < fromDir.length;
}

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * One key per leading run of `segments` up to `count`, shortest (the empty run) first. Each
 * segment is prefixed with "/", which no segment contains, so two keys are equal exactly when
 * the runs are.
 */
function prefixKeys(segments: readonly string[], count: number): string[] {
  const keys = [""];
  let key = "";
  for (let i = 0; i < count; i++) {
    key += `/${segments[i] ?? ""}`;
    keys.push(key);
  }
  return keys;
}

function dirKeys(candidate: Candidate): string[] {
  candidate.dirKeys ??= prefixKeys(candidate.segments, candidate.segments.length - 1);
  return candidate.dirKeys;
}

function child(node: SuffixNode, segment: string): SuffixNode | undefined {
  if (!node.children) {
    const children = new Map<string, SuffixNode>();
    for (const member of node.members) {
      const next = member.segments[member.segments.length - 1 - node.depth];
      if (next === undefined) continue;
      const found = children.get(next);
      if (found) found.members.push(member);
      else children.set(next, { depth: node.depth + 1, members: [member] });
    }
    node.children = children;
  }
  return node.children.get(segment);
}

/** The later tie-breaks of PathIndex.resolve among candidates that matched equally far. */
function preferred(a: Candidate, b: Candidate): boolean {
  return (
    a.segments.length < b.segments.length || (a.segments.length === b.segments.length && a.path < b.path)
  );
}

/**
 * The member sharing the longest directory prefix with `fromDir`, then the shortest, then the
 * lexicographically smallest: one map lookup per directory level of `from`.
 */
function closestMember(node: SuffixNode, fromDir: readonly string[]): Candidate | undefined {
  let byPrefix = node.byPrefix;
  if (!byPrefix) {
    byPrefix = new Map();
    for (const member of node.members) {
      for (const key of dirKeys(member)) {
        const held = byPrefix.get(key);
        if (!held || preferred(member, held)) byPrefix.set(key, member);
      }
    }
    node.byPrefix = byPrefix;
  }
  const keys = prefixKeys(fromDir, fromDir.length);
  for (let k = keys.length - 1; k >= 0; k--) {
    const found = byPrefix.get(keys[k] ?? "");
    if (found) return found;
  }
  return undefined;
}

/**
 * The rules of PathIndex.resolve applied to every same-name candidate in turn. Used when the
 * closest deepest match is misaligned, because the answer may then be a shorter match.
 */
function scan(
  refSegments: readonly string[],
  candidates: readonly Candidate[],
  fromDir: readonly string[],
  ownBranch: boolean,
) {
  let best: { candidate: Candidate; matched: number; shared: number; extra: number } | undefined;
  for (const candidate of candidates) {
    const matched = trailingMatch(refSegments, candidate.segments);
    if (misaligned(refSegments, candidate.segments, matched)) continue;
    if (ownBranch && divergent(fromDir, candidate.segments, matched)) continue;
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

/**
 * Dropped paths indexed by file name and, within a name, by trailing segments and directory: build
 * once, resolve many references. A resolution walks the reference's segments from the end and
 * then the directories of `from`, so it costs about the depth of the path however many files share
 * the name (a thousand nodes' `kubelet-client-current.pem`); only a misaligned best match falls back
 * to looking at every same-name file.
 */
export class PathIndex {
  private readonly byName = new Map<string, SuffixNode>();
  private readonly exact = new Set<string>();
  /** Every folder of the drop (its paths' parents, up to the root), made on first need. */
  private folders?: Set<string>;

  constructor(paths: readonly string[]) {
    for (const path of paths) {
      this.exact.add(path);
      let candidate: Candidate;
      let name: string | undefined;
      if (PLAIN_PATH.test(path)) {
        candidate = new Candidate(path);
        name = basename(path);
      } else {
        const segments = pathSegments(path);
        candidate = new Candidate(path, segments);
        name = segments[segments.length - 1];
      }
      if (name === undefined) continue;
      const node = this.byName.get(name);
      if (node) node.members.push(candidate);
      else this.byName.set(name, { depth: 1, members: [candidate] });
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
   *
   * With `ownBranch` (a client's own certificate or key, never shared between nodes) and an
   * absolute `ref`, the node `from` belongs to is found first: the deepest folder above `from` that
   * holds the reference's first folder (`var` of `/var/lib/kubelet/…`). When there is one, the
   * answer is that node's file or nothing: with node-3's `kubelet-client-current.pem` missing,
   * node-3's `kubelet.conf` must not get node-1's, nor the control plane's beside them. When there
   * is none, a candidate in another branch of the drop than `from` is still refused (`divergent`).
   */
  resolve(ref: string, from?: string, ownBranch = false): string | undefined {
    const relative = !ref.startsWith("/");
    const joined = relative && from !== undefined ? `${dirname(from)}/${ref}` : ref;
    const refSegments = pathSegments(joined);
    if (relative) {
      const direct = refSegments.join("/");
      if (this.exact.has(direct)) return direct;
    }
    const name = refSegments[refSegments.length - 1];
    const named = name === undefined ? undefined : this.byName.get(name);
    if (!named) return undefined;
    // Follow the reference's segments from the end as deep as some candidate goes: every member
    // of the node reached matches exactly that many trailing segments, the most any candidate does.
    let node = named;
    while (node.depth < refSegments.length) {
      const segment = refSegments[refSegments.length - 1 - node.depth];
      const next = segment === undefined ? undefined : child(node, segment);
      if (!next) break;
      node = next;
    }
    const fromDir = from === undefined ? [] : pathSegments(dirname(from));
    if (ownBranch && !relative && from !== undefined) {
      const own = this.ownNodePath(refSegments, fromDir);
      if (own !== undefined) return own || undefined;
    }
    // The best candidate under every rule but misalignment is also the answer unless it is
    // itself misaligned; then a shorter match may win, and only a full look can tell.
    const closest = closestMember(node, fromDir);
    const own = ownBranch && !relative;
    if (
      closest &&
      !misaligned(refSegments, closest.segments, node.depth) &&
      !(own && divergent(fromDir, closest.segments, node.depth))
    )
      return closest.path;
    return scan(refSegments, named.members, fromDir, own);
  }

  /**
   * `refSegments` on the node of `fromDir`: "" when that node is in the drop without the file,
   * undefined when no folder above `fromDir` holds the reference's first folder.
   */
  private ownNodePath(refSegments: readonly string[], fromDir: readonly string[]): string | undefined {
    const first = refSegments[0];
    if (first === undefined) return undefined;
    if (!this.folders) {
      this.folders = new Set();
      for (const path of this.exact) {
        for (let end = path.lastIndexOf("/"); end > 0; end = path.lastIndexOf("/", end - 1)) {
          const folder = path.slice(0, end);
          if (this.folders.has(folder)) break;
          this.folders.add(folder);
        }
      }
    }
    for (let depth = fromDir.length; depth >= 0; depth--) {
      const root = fromDir.slice(0, depth).join("/");
      if (!this.folders.has(root ? `${root}/${first}` : first)) continue;
      const path = root ? `${root}/${refSegments.join("/")}` : refSegments.join("/");
      return this.exact.has(path) ? path : "";
    }
    return undefined;
  }
}

/**
 * Resolve a path as configuration writes it (the file's own name) against an index of report paths
 * (see `escapeFilePath`): the reference is encoded the same way first.
 */
export function resolveEscaped(
  index: PathIndex,
  ref: string,
  from?: string,
  ownBranch = false,
): string | undefined {
  return index.resolve(escapeFilePath(ref), from, ownBranch);
}

const indexCache = new WeakMap<readonly string[], { length: number; index: PathIndex }>();

/**
 * Resolve one reference against the dropped paths (see PathIndex.resolve for the rules). The index
 * over `paths` is cached per array (rebuilt if it grows), so resolving every flag of an inventory
 * against `inventory.paths` stays linear.
 */
export function resolvePath(
  ref: string,
  paths: readonly string[],
  from?: string,
  ownBranch = false,
): string | undefined {
  return resolveEscaped(pathIndexOf(paths), ref, from, ownBranch);
}

/**
 * The index over `paths`, made once per array (and again if it grows): ingest and every later
 * reference share the one index of a drop's paths, however many files it has.
 */
export function pathIndexOf(paths: readonly string[]): PathIndex {
  let cached = indexCache.get(paths);
  if (!cached || cached.length !== paths.length) {
    cached = { length: paths.length, index: new PathIndex(paths) };
    indexCache.set(paths, cached);
  }
  return cached.index;
}
