/**
 * Archive cases: the node packed into one tar, tar.gz or zip with hostile entries among its files
 * (`../` and absolute names, symlinks out of the archive and round in loops, hard links to
 * nothing, gzip bombs, duplicate names), or the node left as it is with such an archive beside it.
 * A node path a hostile entry stands for (a duplicate, a link put in its place) counts as touched.
 */
import { pathSegments } from "../../../lib/ingest/resolve-path";
import type { LoadedEntry } from "../corpus";
import type { FileChange } from "../fuzz-case";
import type { GzipBombs } from "../gzip-bombs";
import type { Prng } from "../prng";
import { type ArchiveEntry, buildTar, buildTarGz, buildZip } from "./hostile-archives";
import { utf8 } from "./mutator";

/** What an archive case changes, before it is given a seed, index and name. */
export interface ArchiveShape {
  replaceAll: boolean;
  changes: FileChange[];
  touched: string[];
  target: string;
}

const OUTSIDE = [
  "/etc/shadow",
  "../../../../etc/shadow",
  "/proc/self/environ",
  `${"../".repeat(30)}root/.ssh/id_rsa`,
  "..",
  "/",
];

const normalize = (path: string) => pathSegments(path).join("/");

function hostileEntries(node: LoadedEntry, rng: Prng, bombs: GzipBombs): ArchiveEntry[] {
  const paths = node.files.map((file) => file.path);
  const somePath = () => rng.pick(paths);
  const someBytes = () => rng.pick(node.files).bytes;
  const garbage = () =>
    rng.chance(0.5) ? rng.bytes(rng.range(0, 300)) : utf8("-----BEGIN CERTIFICATE-----\nnot base64\n");
  const kind = rng.int(9);
  switch (kind) {
    case 0: // ../ traversal
      return [
        {
          path: `${"../".repeat(rng.range(1, 12))}${rng.chance(0.7) ? somePath() : "etc/passwd"}`,
          type: "file",
          bytes: rng.chance(0.5) ? someBytes() : garbage(),
        },
      ];
    case 1: // absolute names
      return [
        {
          path: `/${rng.chance(0.7) ? somePath() : "etc/shadow"}`,
          type: "file",
          bytes: rng.chance(0.5) ? someBytes() : garbage(),
        },
      ];
    case 2: // a symlink out of the archive, at a new name or in a node file's place
      return [
        {
          path: rng.chance(0.5) ? somePath() : `${somePath()}.link`,
          type: "symlink",
          bytes: new Uint8Array(),
          linkTarget: rng.pick(OUTSIDE),
        },
      ];
    case 3: {
      // links in a loop: a → b → … → a, some in node files' places
      const length = rng.range(1, 12);
      const names = Array.from({ length }, (_, i) => (rng.chance(0.3) ? somePath() : `loop/${i}.crt`));
      return names.map((path, i) => ({
        path,
        type: rng.chance(0.8) ? "symlink" : "hardlink",
        bytes: new Uint8Array(),
        linkTarget: rng.chance(0.5)
          ? (names[(i + 1) % length] ?? path)
          : `/${names[(i + 1) % length] ?? path}`,
      }));
    }
    case 4: // a hard link to nothing, or to itself
      return [
        {
          path: `${somePath()}.hard`,
          type: "hardlink",
          bytes: new Uint8Array(),
          linkTarget: rng.chance(0.5) ? "missing/file" : somePath(),
        },
      ];
    case 5: // one gzip bomb
      return [
        {
          path: `bomb-${rng.int(100)}.gz`,
          type: "file",
          bytes: rng.pick([bombs.under, bombs.overEntry, bombs.overTotal]),
        },
      ];
    case 6: // many entries each under the per-entry limit, together over the total
      return Array.from({ length: rng.range(2, 16) }, (_, i) => ({
        path: `bombs/${i}.gz`,
        type: "file" as const,
        bytes: bombs.under,
      }));
    case 7: // a node path again, with other content
      return [
        {
          path: rng.pick(["", "./", "a/../"]) + somePath(),
          type: "file",
          bytes: rng.chance(0.5) ? someBytes() : garbage(),
        },
      ];
    default: // a link chain longer than anyone follows, ending at a node file
      return Array.from({ length: 20 }, (_, i) => ({
        path: `chain/${i}`,
        type: "symlink" as const,
        bytes: new Uint8Array(),
        linkTarget: i === 19 ? `/${somePath()}` : `${i + 1}`,
      }));
  }
}

function pack(entries: readonly ArchiveEntry[], rng: Prng): { bytes: Uint8Array; ext: string } {
  switch (rng.int(3)) {
    case 0:
      return { bytes: buildTar(entries), ext: "tar" };
    case 1:
      return { bytes: buildTarGz(entries), ext: "tar.gz" };
    default:
      return { bytes: buildZip(entries), ext: "zip" };
  }
}

/** One archive case on the node. */
export function archiveCase(node: LoadedEntry, rng: Prng, bombs: GzipBombs): ArchiveShape {
  const hostile: ArchiveEntry[] = [];
  for (let i = rng.range(1, 3); i > 0; i--) hostile.push(...hostileEntries(node, rng, bombs));
  if (rng.chance(0.6)) {
    // The whole node as one archive, hostile entries among its files.
    const entries: ArchiveEntry[] = node.files.map((file) =>
      file.linkTarget !== undefined
        ? { path: file.path, type: "symlink", bytes: new Uint8Array(), linkTarget: file.linkTarget }
        : { path: file.path, type: "file", bytes: file.bytes },
    );
    for (const entry of hostile) entries.splice(rng.int(entries.length + 1), 0, entry);
    const { bytes, ext } = pack(entries, rng);
    const nodePaths = new Set(node.files.map((file) => file.path));
    const touched = [
      ...new Set(hostile.map((entry) => normalize(entry.path)).filter((path) => nodePaths.has(path))),
    ];
    const path = `node.${ext}`;
    return { replaceAll: true, changes: [{ path, bytes }], touched, target: path };
  }
  // The node as it is, with a hostile archive beside its files (or in one file's place).
  const { bytes, ext } = pack(hostile, rng);
  const instead = rng.chance(0.3) ? rng.pick(node.files).path : undefined;
  const path = instead ?? `${rng.pick(node.files).path.replace(/[^/]*$/, "")}upload.${ext}`;
  return { replaceAll: false, changes: [{ path, bytes }], touched: instead ? [instead] : [], target: path };
}
