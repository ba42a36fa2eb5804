/**
 * A small zip reader, entry by entry from the central directory, so that one bad entry costs that
 * entry only: a header that points past the end, an unsupported method, encryption or a CRC that
 * does not match is named and the other entries are still read. Every entry is kept, including
 * entries that share a name (fflate's one-shot reader keeps the last of them without a word).
 * Zip64 sizes and offsets are read; a zip without its central directory (cut short) is read from
 * its local headers, forwards. Unix symbolic links (`zip -y`) are told by their mode in the
 * central directory's external attributes.
 *
 * Inflating is bounded: an entry is inflated into a buffer of the size it declares, once `admit`
 * has accepted that size, so no entry can grow past what was admitted.
 */
import { inflateSync } from "fflate";
import { errorMessage } from "../shared/result";

export interface ZipEntry {
  /** The name as stored (UTF-8). */
  name: string;
  /** Its place in the archive, from 1, as `unzip -l` lists them. */
  number: number;
  type: "file" | "symlink";
  /** The content; a symlink's is its target. */
  bytes: Uint8Array;
}

/** An entry's declared size, offered before anything is inflated: a reason to refuse, or none. */
export type ZipAdmit = (name: string, size: number) => { reason: string; stop: boolean } | undefined;

export interface ZipContents {
  entries: ZipEntry[];
  /** What could not be read, each naming the entry or the part of the archive. */
  problems: string[];
  /** Entries `admit` refused: their names and the reason (those after a stop share its reason). */
  refused: { name: string; reason: string; stop: boolean }[];
}

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
/** The end record may be followed by a comment of at most 65535 bytes. */
const MAX_EOCD_SEARCH = EOCD_SIZE + 0xffff;
const ZIP64_EXTRA = 0x0001;
const UNIX_HOST = 3;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

let crcTable: Uint32Array | undefined;

/** CRC-32 (the zip and gzip one), to tell an entry inflated whole from a corrupt one. */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface Header {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  symlink: boolean;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The 64-bit value at `at` as a number (zip64 fields); beyond 2^53 it is no size for us. */
function uint64(data: DataView, at: number): number {
  return data.getUint32(at, true) + data.getUint32(at + 4, true) * 2 ** 32;
}

/** Zip64 extra field: replaces, in order, each of the fields that read 0xffffffff. */
function applyZip64(data: DataView, at: number, end: number, header: Header): void {
  while (at + 4 <= end) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    const body = at + 4;
    if (body + length > end) return;
    if (id === ZIP64_EXTRA) {
      let field = body;
      const next = (): number | undefined => {
        if (field + 8 > body + length) return undefined;
        const value = uint64(data, field);
        field += 8;
        return value;
      };
      if (header.size === 0xffffffff) header.size = next() ?? header.size;
      if (header.compressedSize === 0xffffffff) header.compressedSize = next() ?? header.compressedSize;
      if (header.localOffset === 0xffffffff) header.localOffset = next() ?? header.localOffset;
      return;
    }
    at = body + length;
  }
}

function findEndRecord(data: DataView): number | undefined {
  const lowest = Math.max(0, data.byteLength - MAX_EOCD_SEARCH);
  for (let at = data.byteLength - EOCD_SIZE; at >= lowest; at--) {
    if (data.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return undefined;
}

/** Where the central directory starts and how many entries it declares (zip64 when it says so). */
function centralDirectory(data: DataView, end: number): { start: number; count: number } {
  let count = data.getUint16(end + 10, true);
  let start = data.getUint32(end + 16, true);
  const locator = end - 20;
  if (
    (count === 0xffff || start === 0xffffffff) &&
    locator >= 0 &&
    data.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE
  ) {
    const record = uint64(data, locator + 8);
    if (record + 56 <= data.byteLength && data.getUint32(record, true) === ZIP64_EOCD_SIGNATURE) {
      count = uint64(data, record + 32);
      start = uint64(data, record + 48);
    }
  }
  return { start, count };
}

/**
 * The central directory's headers, read while they are headers and lie before the end record
 * (each at least CENTRAL_SIZE bytes further: the loop ends). `whole` is false when a header that
 * is not one came before the directory's end, or when their count is not the one the end record
 * declares: entries may then be missing, and the local headers are read for them.
 */
function centralHeaders(
  bytes: Uint8Array,
  data: DataView,
  problems: string[],
): { headers: Header[]; whole: boolean } | undefined {
  const end = findEndRecord(data);
  if (end === undefined) return undefined;
  const { start, count } = centralDirectory(data, end);
  const headers: Header[] = [];
  const decoder = new TextDecoder();
  let at = start;
  while (at + CENTRAL_SIZE <= end && data.getUint32(at, true) === CENTRAL_SIGNATURE) {
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const mode = data.getUint32(at + 38, true) >>> 16;
    const header: Header = {
      name: decoder.decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength)),
      flags: data.getUint16(at + 8, true),
      method: data.getUint16(at + 10, true),
      crc: data.getUint32(at + 16, true),
      compressedSize: data.getUint32(at + 20, true),
      size: data.getUint32(at + 24, true),
      localOffset: data.getUint32(at + 42, true),
      symlink: data.getUint8(at + 5) === UNIX_HOST && (mode & S_IFMT) === S_IFLNK,
    };
    const extra = at + CENTRAL_SIZE + nameLength;
    applyZip64(data, extra, Math.min(extra + extraLength, bytes.length), header);
    headers.push(header);
    at = extra + extraLength + commentLength;
  }
  let whole = true;
  if (at < end && !(at === start && count === 0)) {
    problems.push(
      `its central directory breaks off at byte ${at}, after ${headers.length} entries: the rest were looked for by their local headers`,
    );
    whole = false;
  } else if (headers.length !== count && count !== 0xffff) {
    problems.push(
      `its end record counts ${count} entries, its central directory holds ${headers.length}: the local headers were read as well`,
    );
    whole = false;
  }
  return { headers, whole };
}

/**
 * No central directory (an archive cut short): the local headers, forwards. An entry whose sizes
 * follow its data (a data descriptor) cannot be placed without the directory, and ends the scan.
 */
function localHeaders(bytes: Uint8Array, data: DataView, problems: string[]): Header[] {
  const headers: Header[] = [];
  const decoder = new TextDecoder();
  let at = 0;
  while (at + LOCAL_SIZE <= bytes.length && data.getUint32(at, true) === LOCAL_SIGNATURE) {
    const flags = data.getUint16(at + 6, true);
    const nameLength = data.getUint16(at + 26, true);
    const extraLength = data.getUint16(at + 28, true);
    const header: Header = {
      name: decoder.decode(bytes.subarray(at + LOCAL_SIZE, at + LOCAL_SIZE + nameLength)),
      flags,
      method: data.getUint16(at + 8, true),
      crc: data.getUint32(at + 14, true),
      compressedSize: data.getUint32(at + 18, true),
      size: data.getUint32(at + 22, true),
      localOffset: at,
      symlink: false,
    };
    const extra = at + LOCAL_SIZE + nameLength;
    applyZip64(data, extra, Math.min(extra + extraLength, bytes.length), header);
    if (flags & 0x08) {
      problems.push(
        `entry ${header.name} keeps its sizes after its data: the entries from it on were not read`,
      );
      break;
    }
    headers.push(header);
    at = extra + extraLength + header.compressedSize;
  }
  return headers;
}

/** Where an entry's data starts, from its local header; a reason when it cannot be found. */
function dataStart(data: DataView, header: Header): number | string {
  const at = header.localOffset;
  if (at + LOCAL_SIZE > data.byteLength || data.getUint32(at, true) !== LOCAL_SIGNATURE)
    return `its local header (at byte ${at}) is missing or corrupt`;
  return at + LOCAL_SIZE + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
}

/** An admitted entry's bytes, or why not. */
function entryBytes(bytes: Uint8Array, data: DataView, header: Header): Uint8Array | string {
  if (header.flags & 0x01) return "it is encrypted";
  if (header.method !== 0 && header.method !== 8)
    return `it uses compression method ${header.method}, which is not read here`;
  const start = dataStart(data, header);
  if (typeof start === "string") return start;
  const end = start + header.compressedSize;
  if (end > bytes.length) return "its data runs past the end of the archive (cut short?)";
  const stored = bytes.subarray(start, end);
  let content: Uint8Array;
  if (header.method === 0) content = stored;
  else {
    try {
      // Written into a buffer of the declared size: more data than declared cannot get out.
      content = inflateSync(stored, { out: new Uint8Array(header.size) });
    } catch (error) {
      return `its compressed data is corrupt (${errorMessage(error)})`;
    }
  }
  if (content.length !== header.size)
    return `it holds ${content.length} bytes, not the ${header.size} it declares`;
  if (crc32(content) !== header.crc) return "its content does not match its CRC-32 (corrupt)";
  return content;
}

/**
 * Read every entry of a zip archive that can be read. `admit` sees each entry's declared size
 * before anything is inflated; refused entries are listed in `refused`, and once a refusal says
 * stop, every later entry is refused with it. Never throws.
 */
export function readZip(bytes: Uint8Array, admit: ZipAdmit): ZipContents {
  const problems: string[] = [];
  const refused: ZipContents["refused"] = [];
  const entries: ZipEntry[] = [];
  if (bytes.length < EOCD_SIZE) return { entries, problems: ["the archive is cut short"], refused };
  const data = view(bytes);
  const central = centralHeaders(bytes, data, problems);
  let headers: Header[];
  if (!central) {
    problems.push("no central directory (cut short?): read from its local headers");
    headers = localHeaders(bytes, data, problems);
  } else if (!central.whole) {
    // Entries the directory lost, found by their local headers (those it lists stand as listed).
    const listed = new Set(central.headers.map((header) => header.localOffset));
    const found = localHeaders(bytes, data, []).filter((header) => !listed.has(header.localOffset));
    headers = [...central.headers, ...found];
  } else headers = central.headers;
  let stop: { reason: string; stop: boolean } | undefined;
  for (const [index, header] of headers.entries()) {
    if (header.name.endsWith("/")) continue;
    if (stop) {
      refused.push({ name: header.name, ...stop });
      continue;
    }
    // A stored entry is copied at its stored size, whatever size its header declares.
    const size = header.method === 0 ? Math.max(header.size, header.compressedSize) : header.size;
    const refusal = admit(header.name, size);
    if (refusal) {
      refused.push({ name: header.name, ...refusal });
      if (refusal.stop) stop = refusal;
      continue;
    }
    const content = entryBytes(bytes, data, header);
    if (typeof content === "string") {
      problems.push(`entry ${header.name}: ${content}: not read`);
      continue;
    }
    entries.push({
      name: header.name,
      number: index + 1,
      type: header.symlink ? "symlink" : "file",
      bytes: content,
    });
  }
  return { entries, problems, refused };
}
