/**
 * Bounds on archive expansion. A dropped tarball is untrusted input expanded in a browser tab, so
 * nesting, entry count and expanded size are capped, for each dropped archive and for the whole
 * drop; what a cap keeps out is named in the report (INPUT_SKIPPED) and everything else is read.
 */
export interface ArchiveLimits {
  /** Archives inside archives: the dropped archive is level 1. */
  maxDepth: number;
  /** Entries of one dropped archive, the archives nested in it included. */
  maxArchiveEntries: number;
  /** Entries across all archives of the drop. */
  maxEntries: number;
  /** Bytes one dropped archive (nested ones included) may inflate to. */
  maxArchiveBytes: number;
  /** Bytes inflated across all archives of the drop. */
  maxTotalBytes: number;
  /** Bytes of one expanded entry. */
  maxEntryBytes: number;
  /**
   * A dropped archive may inflate to this many times its own size, once past `ratioFloorBytes`:
   * more is a decompression bomb (deflate reaches ~1000× on zeros; PKI material compresses ~2–10×).
   */
  maxRatio: number;
  /** Below this, any ratio is accepted: a small archive of tiny or empty files compresses very well. */
  ratioFloorBytes: number;
}

/**
 * Depth 3; per archive 50,000 entries and 256 MiB; per drop 100,000 entries and 512 MiB; 64 MiB
 * per entry; 100× past 8 MiB. The .tgz of a 10,000-worker fleet (11 MB holding 40,037 files, 117 MiB
 * of tar, 11×) is read whole with room to spare; a 1 MB gzip bomb stops at 100 MiB.
 */
export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = {
  maxDepth: 3,
  maxArchiveEntries: 50_000,
  maxEntries: 100_000,
  maxArchiveBytes: 256 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxEntryBytes: 64 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 8 * 1024 * 1024,
};

/** Human size for limit messages: `64 MiB`, `1.5 MiB`, `512 KiB`, `300 bytes`. */
export function formatBytes(bytes: number): string {
  const [unit, size] =
    bytes >= 1024 * 1024 ? ["MiB", 1024 * 1024] : bytes >= 1024 ? ["KiB", 1024] : ["bytes", 1];
  const value = bytes / size;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
