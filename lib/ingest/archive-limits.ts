/**
 * Bounds on archive expansion. A dropped tarball is untrusted input expanded in a browser tab, so
 * nesting, entry count and expanded size are capped; hitting a cap is reported as a problem and
 * everything read before it is still used.
 */
export interface ArchiveLimits {
  /** Archives inside archives: the dropped archive is level 1. */
  maxDepth: number;
  /** Entries across all archives. */
  maxEntries: number;
  /** Bytes expanded across all archives. */
  maxTotalBytes: number;
  /** Bytes of one expanded entry. */
  maxEntryBytes: number;
}

/** Depth 3, 50,000 entries, 512 MiB in total, 64 MiB per entry. */
export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = {
  maxDepth: 3,
  maxEntries: 50_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxEntryBytes: 64 * 1024 * 1024,
};

/** Human size for limit messages: `64 MiB`, `512 KiB`, `300 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
