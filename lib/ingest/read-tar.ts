/**
 * A small tar reader: ustar (with its name prefix), GNU long names and link names ('L'/'K'), pax
 * `path`/`linkpath`/`size` records ('x'), regular files, symlinks, hard links and directories.
 * Enough for `tar czf` of /etc/kubernetes from GNU tar, bsdtar or busybox.
 */
import { tarChecksumValid } from "./archive-kind";

export interface TarEntry {
  path: string;
  type: "file" | "symlink" | "hardlink" | "directory" | "other";
  bytes: Uint8Array;
  /** Symlink or hard-link target as written in the archive. */
  linkTarget?: string;
}

export interface TarContents {
  entries: TarEntry[];
  /** Why reading stopped early (truncation, a corrupt header), when it did. */
  problem?: string;
}

const BLOCK = 512;

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/**
 * Octal size field, or GNU base-256 when the high bit of the first byte is set; undefined when it
 * is neither (a sign, a letter, a negative base-256 value): a size that is not a whole number of
 * bytes cannot place the next header.
 */
function readSize(field: Uint8Array): number | undefined {
  if ((field[0] ?? 0) & 0x80) {
    // Base-256 with the sign bit (0xff…) is negative: refused.
    if ((field[0] ?? 0) & 0x40) return undefined;
    let value = (field[0] ?? 0) & 0x3f;
    for (let i = 1; i < field.length; i++) value = value * 256 + (field[i] ?? 0);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  const digits = text(field).trim();
  if (digits === "") return 0;
  return /^[0-7]+$/.test(digits) ? parseInt(digits, 8) : undefined;
}

/**
 * A pax `size` record: decimal digits only (`12k`, `-1536` are not sizes); an empty value removes
 * the record (POSIX pax), so the header's own size stands.
 */
function paxSize(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  return /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The next block after `from` that holds a tar header (a valid checksum), for reading on past an
 * entry whose size cannot be trusted; undefined when none is left.
 */
function nextHeader(data: Uint8Array, from: number): number | undefined {
  for (let at = from; at + BLOCK <= data.length; at += BLOCK) {
    const block = data.subarray(at, at + BLOCK);
    if (!block.every((b) => b === 0) && tarChecksumValid(block)) return at;
  }
  return undefined;
}

/** pax extended header records: `<len> <key>=<value>\n`. */
function readPax(bytes: Uint8Array): Map<string, string> {
  const records = new Map<string, string>();
  const body = new TextDecoder().decode(bytes);
  for (const line of body.split("\n")) {
    const match = /^\d+ ([^=]+)=(.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) records.set(match[1], match[2]);
  }
  return records;
}

function entryType(flag: string): TarEntry["type"] {
  if (flag === "0" || flag === "\0" || flag === "" || flag === "7") return "file";
  if (flag === "2") return "symlink";
  if (flag === "1") return "hardlink";
  if (flag === "5") return "directory";
  return "other";
}

/**
 * Read every entry of a tar archive. Reading stops at the end-of-archive blocks, or — with the
 * reason in `problem` — at a corrupt header or a truncated entry; entries before it are kept. An
 * entry whose size is no size (negative, not a number) is skipped and named in `problem`, and
 * reading goes on from the next header: the offset only ever moves forwards, so it ends.
 */
export function readTar(data: Uint8Array): TarContents {
  const entries: TarEntry[] = [];
  let longName: string | undefined;
  let longLink: string | undefined;
  let pax = new Map<string, string>();
  let offset = 0;
  let problem: string | undefined;
  const withProblem = () => (problem === undefined ? { entries } : { entries, problem });
  while (offset + BLOCK <= data.length) {
    const header = data.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return withProblem();
    if (!tarChecksumValid(header))
      return { entries, problem: problem ?? `corrupt tar header at byte ${offset}` };
    const flag = String.fromCharCode(header[156] ?? 0);
    const size = paxSize(pax.get("size")) ?? readSize(header.subarray(124, 136));
    if (size === undefined || !Number.isSafeInteger(size) || size < 0) {
      // Not a size: the entry is lost, and the reader goes on from the next header it can find,
      // always forwards, so every later entry that can be reached is still read.
      const field = pax.has("size") ? `pax size "${pax.get("size") ?? ""}"` : "size field";
      problem ??= `tar entry ${text(header.subarray(0, 100))} at byte ${offset} has an invalid ${field}: it was skipped`;
      pax = new Map();
      longName = undefined;
      longLink = undefined;
      const next = nextHeader(data, offset + BLOCK);
      if (next === undefined) return withProblem();
      offset = next;
      continue;
    }
    const start = offset + BLOCK;
    const end = start + size;
    if (end > data.length) {
      return {
        entries,
        problem: problem ?? `tar archive cut short in entry ${text(header.subarray(0, 100))}`,
      };
    }
    const body = data.subarray(start, end);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (flag === "L") longName = text(body);
    else if (flag === "K") longLink = text(body);
    else if (flag === "x") pax = readPax(body);
    else if (flag !== "g") {
      // POSIX ustar ("ustar\0") has a name prefix at 345; old GNU ("ustar  ") keeps times there.
      const posix = String.fromCharCode(...header.subarray(257, 263)) === "ustar\0";
      const prefix = posix ? text(header.subarray(345, 500)) : "";
      const name = text(header.subarray(0, 100));
      const path = pax.get("path") ?? longName ?? (prefix ? `${prefix}/${name}` : name);
      const linkTarget = pax.get("linkpath") ?? longLink ?? text(header.subarray(157, 257));
      const type = entryType(flag);
      entries.push({
        path,
        type,
        bytes: body,
        ...(type === "symlink" || type === "hardlink" ? { linkTarget } : {}),
      });
      longName = undefined;
      longLink = undefined;
      pax = new Map();
    }
  }
  // No end-of-archive blocks: tolerated (some writers omit them) unless data was left over.
  return offset < data.length ? { entries, problem: problem ?? "tar archive cut short" } : withProblem();
}
