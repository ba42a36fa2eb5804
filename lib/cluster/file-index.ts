/**
 * Lookups from dropped paths to the records parsed out of them. Configuration names files by absolute
 * path (`/etc/kubernetes/pki/ca.crt`); `resolve` maps such a path onto the dropped tree by longest
 * suffix, and `certsAt`/`keyAt` give what that file held.
 */
import { pathSegments, resolvePath } from "../ingest/resolve-path";
import { escapeFilePath } from "../inventory";
import type {
  CertificateRecord,
  Inventory,
  PrivateKeyRecord,
  PublicKeyRecord,
  SourceRef,
} from "../inventory";
import type { FileRef, RefOrigin } from "./model";

function blockNumber(ref: SourceRef): number {
  const match = ref.locator?.match(/^block (\d+)$/);
  return match?.[1] === undefined ? 1 : Number(match[1]);
}

function isEmbedded(ref: SourceRef): boolean {
  return ref.locator !== undefined && !/^block \d+$/.test(ref.locator);
}

/**
 * A guessed kubeadm path must not land on a file of another role by its name alone: etcd's
 * `etcd/ca.crt` or `etcd/server.crt` is only found in a folder named `etcd`, so a lone `ca.crt`
 * is never taken for the etcd CA, nor a generic `server.crt` for etcd's serving certificate.
 */
function fitsConvention(declared: string, found: string): boolean {
  const want = pathSegments(declared);
  const got = pathSegments(found);
  if (want.at(-2) !== "etcd") return true;
  return got.at(-2) === "etcd";
}

/** Linux's PATH_MAX: no file path is longer. */
const PATH_MAX = 4096;

/** A configured "path" too long to be one, as messages quote it: its start and its length. */
function notAPath(declared: string): string {
  return `${declared.slice(0, 64)}… (${declared.length} characters: longer than any file path)`;
}

export class FileIndex {
  private readonly certsByPath = new Map<string, { cert: CertificateRecord; block: number }[]>();
  private readonly keysByPath = new Map<string, PrivateKeyRecord[]>();
  private readonly publicKeysByPath = new Map<string, PublicKeyRecord[]>();
  private readonly pathSet: Set<string>;

  constructor(readonly inventory: Inventory) {
    this.pathSet = new Set(inventory.paths);
    for (const cert of inventory.certificates) {
      for (const source of cert.sources) {
        // A certificate shared by two node folders is indexed only where this inventory has files
        // (one control plane's part of an HA drop holds the record, not the other's paths).
        if (isEmbedded(source) || !this.pathSet.has(source.path)) continue;
        const list = this.certsByPath.get(source.path) ?? [];
        list.push({ cert, block: blockNumber(source) });
        this.certsByPath.set(source.path, list);
      }
    }
    for (const list of this.certsByPath.values()) list.sort((a, b) => a.block - b.block);
    for (const key of inventory.privateKeys) {
      if (isEmbedded(key.source)) continue;
      const list = this.keysByPath.get(key.source.path) ?? [];
      list.push(key);
      this.keysByPath.set(key.source.path, list);
    }
    for (const key of inventory.publicKeys) {
      const list = this.publicKeysByPath.get(key.source.path) ?? [];
      list.push(key);
      this.publicKeysByPath.set(key.source.path, list);
    }
  }

  /**
   * Resolve a configured path (absolute or relative to `from`) to a dropped path; with `own`, a
   * client's own credential, never to another node's file of that path (resolve-path.ts).
   */
  resolve(declared: string, from?: string, own = false): string | undefined {
    const escaped = escapeFilePath(declared);
    if (this.pathSet.has(escaped)) return escaped;
    return resolvePath(declared, this.inventory.paths, from, own);
  }

  /** Build a FileRef for a configured path, resolving it (at `host`, where a container mounts it). */
  ref(
    field: string,
    declared: string,
    origin: RefOrigin,
    declaredIn?: string,
    host = declared,
    own = false,
  ): FileRef {
    // Longer than Linux's PATH_MAX, it names no file: said as such, and not quoted in full (a
    // hostile configuration's megabytes would otherwise fill every finding that names it).
    if (declared.length > PATH_MAX || host.length > PATH_MAX)
      return { field, declared: notAPath(declared), origin, ...(declaredIn ? { declaredIn } : {}) };
    const found = this.resolve(host, declaredIn, own);
    const path = found && (origin !== "convention" || fitsConvention(declared, found)) ? found : undefined;
    return { field, declared, origin, ...(declaredIn ? { declaredIn } : {}), ...(path ? { path } : {}) };
  }

  /**
   * The dropped files directly in the folder `dir` names (a flag may name a folder: OpenShift's
   * serviceAccountPublicKeyFiles), on the node of `from` when several nodes hold such a folder.
   */
  filesIn(dir: string, from?: string): string[] {
    const tail = dir.replace(/^\/+|\/+$/g, "");
    if (!tail) return [];
    const inFolder = this.inventory.paths.filter((path) => {
      const parent = path.slice(0, path.lastIndexOf("/"));
      return parent === tail || parent.endsWith(`/${tail}`);
    });
    const prefixOf = (path: string) => path.slice(0, path.lastIndexOf(`${tail}/`));
    const near = from === undefined ? [] : inFolder.filter((path) => from.startsWith(prefixOf(path)));
    return (near.length > 0 ? near : inFolder).sort();
  }

  /** Certificates held by a file, leaf first. */
  certsAt(path: string | undefined): CertificateRecord[] {
    if (!path) return [];
    return (this.certsByPath.get(path) ?? []).map((entry) => entry.cert);
  }

  keyAt(path: string | undefined): PrivateKeyRecord | undefined {
    return path ? this.keysByPath.get(path)?.[0] : undefined;
  }

  publicKeysAt(path: string | undefined): PublicKeyRecord[] {
    return path ? (this.publicKeysByPath.get(path) ?? []) : [];
  }

  /** Paths that hold at least one certificate. */
  certPaths(): string[] {
    return [...this.certsByPath.keys()];
  }

  has(path: string): boolean {
    return this.pathSet.has(path);
  }
}
