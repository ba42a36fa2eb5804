/**
 * A gzip-compressed tar of some files, deterministic: sorted by path, no dates or owners in the tar
 * (see write-tar.ts) and none in the gzip header, so packing the same files twice gives the same
 * bytes — the demo's archive and its SHA-256 stay fixed, and a lab's archive can be compared.
 */
import { gzipSync } from "fflate";

import type { InputFile } from "../inventory";
import { writeTar } from "./write-tar";

/** The files as one `.tar.gz`, in path order, compressed at gzip level 9 with no timestamp. */
export function packTarGz(files: readonly InputFile[]): Uint8Array {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return gzipSync(writeTar(sorted), { level: 9, mtime: 0 });
}
