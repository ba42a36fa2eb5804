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
  /**
   * What could not be read, each naming where: an entry skipped for a size that is no size, a
   * corrupt header read past, unreadable pax records, or where the archive was cut short.
   */
  problems: string[];
  /**
   * Names and pax values that span lines: text of a file read as a name (a header damaged into a
   * long-name header turns the next file's content into a name). Ingest notes them as it notes
   * file contents, so no key text reaches a report through a path.
   */
  multiline: string[];
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

/**
 * pax extended header records, `<length> <key>=<value>\n`, each read by its own length (a value
 * may hold a line break). A length that is not a number, points back into the record or past the
 * end ends the reading of records, named: the records before it stand.
 */
function readPax(bytes: Uint8Array): { records: Map<string, string>; problem?: string } {
  const records = new Map<string, string>();
  const decoder = new TextDecoder();
  let at = 0;
  while (at < bytes.length && bytes[at] !== 0) {
    const space = bytes.indexOf(0x20, at);
    const digits = space < 0 ? "" : decoder.decode(bytes.subarray(at, space));
    const length = /^\d{1,9}$/.test(digits) ? Number(digits) : 0;
    // A record at least holds its length, a space, "k=" and the line break, and ends in the header.
    if (length < digits.length + 4 || at + length > bytes.length || bytes[at + length - 1] !== 0x0a)
      return { records, problem: `a pax record at byte ${at} of its header has no valid length` };
    const record = decoder.decode(bytes.subarray(space + 1, at + length - 1));
    const equals = record.indexOf("=");
    if (equals > 0) records.set(record.slice(0, equals), record.slice(equals + 1));
    at += length;
  }
  return { records };
}

/**
 * What an entry is by its type flag. Devices, FIFOs and volume labels hold nothing to read. A flag
 * no tar defines is read as a regular file, as GNU tar and POSIX pax extract it ("unknown"), and
 * GNU's sparse and multi-volume pieces cannot be put together here ("unreadable"): both are named.
 */
function entryType(flag: string): TarEntry["type"] | "unknown" | "unreadable" {
  if (flag === "0" || flag === "\0" || flag === "" || flag === "7") return "file";
  if (flag === "2") return "symlink";
  if (flag === "1") return "hardlink";
  if (flag === "5" || flag === "D") return "directory";
  if (flag === "3" || flag === "4" || flag === "6" || flag === "V") return "other";
  if (flag === "S" || flag === "M") return "unreadable";
  return "unknown";
}

/**
 * Read every entry of a tar archive. Reading stops at the end-of-archive blocks or at the end of
 * the data. A header with a bad checksum, or an entry whose size is no size (negative, not a
 * number), is named in `problems` and reading goes on from the next valid header; an entry cut
 * short by the end of the data is named and ends the reading. The offset only ever moves
 * forwards, by at least one block per header, so reading always ends.
 */
export function readTar(data: Uint8Array): TarContents {
  const entries: TarEntry[] = [];
  const problems: string[] = [];
  const multiline: string[] = [];
  const note = (value: string) => {
    if (value.includes("\n")) multiline.push(value);
    return value;
  };
  let longName: string | undefined;
  let longLink: string | undefined;
  let pax = new Map<string, string>();
  let offset = 0;
  /** Go on from the next header after `from`; false when there is none. */
  const resync = (from: number): boolean => {
    pax = new Map();
    longName = undefined;
    longLink = undefined;
    const next = nextHeader(data, from);
    if (next === undefined) return false;
    offset = next;
    return true;
  };
  while (offset + BLOCK <= data.length) {
    const header = data.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return { entries, problems, multiline };
    if (!tarChecksumValid(header)) {
      const at = offset;
      const found = resync(offset + BLOCK);
      problems.push(
        found
          ? `corrupt tar header at byte ${at}: read on from the next header, at byte ${offset}`
          : `corrupt tar header at byte ${at}: nothing after it could be read`,
      );
      if (!found) return { entries, problems, multiline };
      continue;
    }
    const flag = String.fromCharCode(header[156] ?? 0);
    const size = paxSize(pax.get("size")) ?? readSize(header.subarray(124, 136));
    if (size === undefined || !Number.isSafeInteger(size) || size < 0) {
      // Not a size: the entry is lost, and the reader goes on from the next header it can find,
      // always forwards, so every later entry that can be reached is still read.
      const field = pax.has("size") ? `pax size "${pax.get("size") ?? ""}"` : "size field";
      problems.push(
        `tar entry ${text(header.subarray(0, 100))} at byte ${offset} has an invalid ${field}: it was skipped`,
      );
      if (!resync(offset + BLOCK)) return { entries, problems, multiline };
      continue;
    }
    const start = offset + BLOCK;
    const end = start + size;
    if (end > data.length) {
      problems.push(`tar archive cut short in entry ${text(header.subarray(0, 100))}`);
      return { entries, problems, multiline };
    }
    const body = data.subarray(start, end);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (flag === "L") longName = note(text(body));
    else if (flag === "K") longLink = note(text(body));
    else if (flag === "x") {
      const read = readPax(body);
      pax = read.records;
      for (const value of pax.values()) note(value);
      if (read.problem) problems.push(`tar pax header at byte ${start - BLOCK}: ${read.problem}`);
    } else if (flag !== "g") {
      // POSIX ustar ("ustar\0") has a name prefix at 345; old GNU ("ustar  ") keeps times there.
      const posix = String.fromCharCode(...header.subarray(257, 263)) === "ustar\0";
      const prefix = posix ? text(header.subarray(345, 500)) : "";
      const name = text(header.subarray(0, 100));
      const path = pax.get("path") ?? longName ?? (prefix ? `${prefix}/${name}` : name);
      const linkTarget = pax.get("linkpath") ?? longLink ?? text(header.subarray(157, 257));
      const kind = entryType(flag);
      const code = flag.charCodeAt(0);
      const shown = code >= 0x21 && code < 0x7f ? flag : `\\x${code.toString(16).padStart(2, "0")}`;
      if (kind === "unreadable")
        problems.push(
          `tar entry ${path} is a GNU ${flag === "S" ? "sparse file" : "multi-volume piece"} (type ${flag}): not read`,
        );
      else if (kind === "unknown")
        problems.push(
          `tar entry ${path} has the unknown type "${shown}": read as a regular file, as tar extracts it`,
        );
      const type = kind === "unknown" ? "file" : kind === "unreadable" ? "other" : kind;
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
  if (offset < data.length) problems.push("tar archive cut short");
  return { entries, problems, multiline };
}
