/**
 * tar and zip archives with hostile entries, built from plain bytes: lib's writeTar for the
 * entries (its headers then re-typed into symlinks and hard links, which it does not write) and
 * fflate's zipSync (Unix mode bits in the external attributes make an entry a symlink).
 */
import { gzipSync, zipSync, type Zippable } from "fflate";
import { writeTar } from "../../../lib/archive/write-tar";

export interface ArchiveEntry {
  path: string;
  type: "file" | "symlink" | "hardlink";
  bytes: Uint8Array;
  linkTarget?: string;
}

const BLOCK = 512;
const encoder = new TextEncoder();

/** Rewrites a ustar header's type flag and link name and recomputes its checksum. */
function retype(header: Uint8Array, flag: "1" | "2", linkTarget: string): void {
  header[156] = flag.charCodeAt(0);
  header.fill(0, 157, 257);
  header.set(encoder.encode(linkTarget).subarray(0, 100), 157);
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.set(encoder.encode(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
}

/** The entries, in order (duplicates kept), as an uncompressed tar. */
export function buildTar(entries: readonly ArchiveEntry[]): Uint8Array {
  const tar = writeTar(
    entries.map((entry) => ({
      path: entry.path,
      bytes: entry.type === "file" ? entry.bytes : new Uint8Array(),
    })),
  );
  let offset = 0;
  for (const entry of entries) {
    if (entry.type !== "file")
      retype(
        tar.subarray(offset, offset + BLOCK),
        entry.type === "symlink" ? "2" : "1",
        entry.linkTarget ?? "",
      );
    const size = entry.type === "file" ? entry.bytes.length : 0;
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return tar;
}

/** The tar gzip-compressed, with no timestamp. */
export function buildTarGz(entries: readonly ArchiveEntry[]): Uint8Array {
  return gzipSync(buildTar(entries), { level: 6, mtime: 0 });
}

const S_IFLNK = 0o120000;
const UNIX = 3;

/**
 * The entries as a zip. A zip names each entry once, so a later duplicate replaces an earlier one
 * (a hard link becomes a symlink: zip has no hard links).
 */
export function buildZip(entries: readonly ArchiveEntry[]): Uint8Array {
  const zippable: Zippable = {};
  for (const entry of entries) {
    if (entry.type === "file")
      zippable[entry.path] = [entry.bytes, { level: 6, mtime: new Date(2020, 0, 1) }];
    else
      zippable[entry.path] = [
        encoder.encode(entry.linkTarget ?? ""),
        { level: 0, os: UNIX, attrs: ((S_IFLNK | 0o777) << 16) >>> 0, mtime: new Date(2020, 0, 1) },
      ];
  }
  return zipSync(zippable);
}
