/**
 * The budgets archive expansion draws on: one for the whole drop, and one for each dropped archive
 * (the archives nested in it share it), so a bomb exhausts its own budget and no other archive's.
 * Bytes are what decompression allocates (gzip output, zip entries); tar entries are views into
 * bytes already counted and cost entries only.
 */
import { formatBytes, type ArchiveLimits } from "./archive-limits";

/** What the whole drop has spent. */
export class DropBudget {
  bytes = 0;
  entries = 0;

  constructor(readonly limits: ArchiveLimits) {}

  /** Why no further archive of the drop can be expanded, once the drop's budget is spent. */
  spent(): string | undefined {
    const { maxTotalBytes, maxEntries } = this.limits;
    if (this.bytes >= maxTotalBytes)
      return `not expanded: the archives before it used up the limit of ${formatBytes(maxTotalBytes)} expanded per drop`;
    if (this.entries >= maxEntries)
      return `not expanded: the archives before it used up the limit of ${maxEntries.toLocaleString("en-US")} entries per drop`;
    return undefined;
  }

  /** The budget of the dropped archive `path`, `size` bytes as dropped. */
  archive(path: string, size: number): ArchiveBudget {
    return new ArchiveBudget(this, path, size);
  }
}

/** Room left to inflate into, and the reason to give when it is not enough. */
export interface Room {
  bytes: number;
  reason: string;
}

/** What one dropped archive, and everything nested in it, may still expand to. */
export class ArchiveBudget {
  private bytes = 0;
  private entries = 0;
  /** Bytes this archive may inflate to: its own cap, or less when it is small (the ratio guard). */
  private readonly cap: number;
  private readonly ratioBound: boolean;

  constructor(
    private readonly drop: DropBudget,
    readonly path: string,
    size: number,
  ) {
    const { maxArchiveBytes, maxRatio, ratioFloorBytes } = drop.limits;
    const byRatio = Math.max(ratioFloorBytes, maxRatio * size);
    this.cap = Math.min(maxArchiveBytes, byRatio);
    this.ratioBound = byRatio < maxArchiveBytes;
  }

  /** The bytes that may still be inflated, and why more may not. */
  room(): Room {
    const { limits } = this.drop;
    const own = this.cap - this.bytes;
    const shared = limits.maxTotalBytes - this.drop.bytes;
    if (shared < own)
      return {
        bytes: Math.max(0, shared),
        reason: `the archives of this drop expand to more than ${formatBytes(limits.maxTotalBytes)} (the limit per drop)`,
      };
    const reason = this.ratioBound
      ? `${this.path} expands to more than ${limits.maxRatio} times its size past ${formatBytes(limits.ratioFloorBytes)} (more than ${formatBytes(this.cap)}): a decompression bomb, not PKI material`
      : `${this.path} expands to more than ${formatBytes(limits.maxArchiveBytes)} (the limit per archive)`;
    return { bytes: Math.max(0, own), reason };
  }

  /**
   * A decompression stopped at this budget: what it inflated before stopping was work done, so the
   * archive's room is spent and each later archive nested in it stops at its first chunk instead of
   * inflating up to the same limit again (fourteen bombs in one tar would cost fourteen times).
   */
  exhaust(): void {
    this.bytes = Math.max(this.bytes, this.cap);
  }

  /** Count inflated bytes against this archive and the drop. */
  spend(bytes: number): void {
    this.bytes += bytes;
    this.drop.bytes += bytes;
  }

  /**
   * Count one entry of `size` bytes (`inflates`: decompression allocates them). Returns why it must
   * not be read: `stop` when no later entry of this archive can be read either.
   */
  admit(size: number, inflates: boolean): { reason: string; stop: boolean } | undefined {
    const { limits } = this.drop;
    if (this.entries + 1 > limits.maxArchiveEntries)
      return {
        reason: `${this.path} has more than ${limits.maxArchiveEntries.toLocaleString("en-US")} entries (the limit per archive)`,
        stop: true,
      };
    if (this.drop.entries + 1 > limits.maxEntries)
      return {
        reason: `the archives of this drop have more than ${limits.maxEntries.toLocaleString("en-US")} entries (the limit per drop)`,
        stop: true,
      };
    if (size > limits.maxEntryBytes)
      return {
        reason: `${formatBytes(size)}, over the limit of ${formatBytes(limits.maxEntryBytes)} per archive entry`,
        stop: false,
      };
    if (inflates) {
      const room = this.room();
      if (size > room.bytes) return { reason: room.reason, stop: true };
      this.spend(size);
    }
    this.entries++;
    this.drop.entries++;
    return undefined;
  }
}
