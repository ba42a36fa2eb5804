/**
 * Which entries of a zip archive are symbolic links. `zip -y` (and Info-ZIP on any Unix) stores a
 * link as an entry whose content is the link's target and whose central-directory "external
 * attributes" carry the Unix mode `S_IFLNK` (0o120000) in their high 16 bits, with "version made by"
 * naming Unix (3) as the host. fflate does not expose those attributes, so the central directory is
 * read here; nothing else of the archive is.
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
/** The end record may be followed by a comment of at most 65535 bytes. */
const MAX_EOCD_SEARCH = EOCD_SIZE + 0xffff;
const UNIX_HOST = 3;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function findEndRecord(data: DataView): number | undefined {
  const lowest = Math.max(0, data.byteLength - MAX_EOCD_SEARCH);
  for (let at = data.byteLength - EOCD_SIZE; at >= lowest; at--) {
    if (data.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return undefined;
}

/**
 * The names (as stored) of the entries that are Unix symbolic links. A central directory that cannot
 * be read yields an empty set: the archive is then read as plain files, and fflate reports the
 * corruption itself.
 */
export function zipSymlinkNames(bytes: Uint8Array): Set<string> {
  const names = new Set<string>();
  if (bytes.length < EOCD_SIZE) return names;
  const data = view(bytes);
  const end = findEndRecord(data);
  if (end === undefined) return names;
  const count = data.getUint16(end + 10, true);
  let at = data.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || data.getUint32(at, true) !== CENTRAL_SIGNATURE) break;
    const host = data.getUint8(at + 5);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const mode = data.getUint32(at + 38, true) >>> 16;
    if (host === UNIX_HOST && (mode & S_IFMT) === S_IFLNK) {
      names.add(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
