/**
 * The fingerprint of what an audit was given, so a signed report names its input exactly: the
 * SHA-256 of the listing `sha256sum` prints for the input files in the byte order of their UTF-8
 * paths — one line per file read, `<sha256 hex>  <path>\n`, a name holding a backslash, line feed
 * or carriage return escaped as GNU sha256sum escapes it. Paths are as the audit names its input:
 * relative to the folder given, `/`-separated; an archive is one file named by its own name. The
 * recipe is in the report's footer and the README, so an auditor can recompute it without this tool
 * (and keep the listing, which says which file changed).
 */
import { toArrayBuffer, toHex } from "../shared/bytes";

/** One input file as the digest reads it: its path, its bytes, and why it could not be read, if so. */
export interface DigestedFile {
  path: string;
  bytes: Uint8Array;
  unreadable?: string;
}

export interface InputDigest {
  /** The files in the digest: every file read. */
  files: number;
  /** Files named in the input but not read (over the size limit, unreadable): not in the digest. */
  notRead: number;
  /** Lowercase hex SHA-256 over the sorted lines. */
  sha256: string;
}

const encoder = new TextEncoder();

/** The bytes as WebCrypto takes them: the same view when its buffer is a plain ArrayBuffer, else a copy. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> | ArrayBuffer {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : toArrayBuffer(bytes);
}

const ESCAPED: Readonly<Record<string, string>> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r" };

/**
 * One line of `sha256sum`'s output: GNU coreutils writes a name with a backslash, line feed or
 * carriage return escaped and marks the line with a leading backslash.
 */
function sha256sumLine(hex: string, path: string): string {
  const escaped = path.replace(/[\\\n\r]/g, (character) => ESCAPED[character] ?? character);
  return `${escaped === path ? "" : "\\"}${hex}  ${escaped}\n`;
}

/** Byte order of two UTF-8 strings, as `LC_ALL=C sort` orders them. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/**
 * The digest of `files` with the WebCrypto `crypto` (the same in Node and in the Worker, so both
 * doors print the same value for the same files). Files that were not read are counted, not hashed.
 */
export async function inputDigest(files: readonly DigestedFile[], crypto: Crypto): Promise<InputDigest> {
  const read = files.filter((file) => file.unreadable === undefined);
  const lines = await Promise.all(
    read.map(async (file) => {
      const digest = toHex(await crypto.subtle.digest("SHA-256", ownBuffer(file.bytes)));
      return { path: encoder.encode(file.path), line: encoder.encode(sha256sumLine(digest, file.path)) };
    }),
  );
  lines.sort((a, b) => compareBytes(a.path, b.path));
  const whole = new Uint8Array(lines.reduce((sum, { line }) => sum + line.length, 0));
  let offset = 0;
  for (const { line } of lines) {
    whole.set(line, offset);
    offset += line.length;
  }
  return {
    files: read.length,
    notRead: files.length - read.length,
    sha256: toHex(await crypto.subtle.digest("SHA-256", whole)),
  };
}

/**
 * The shell recipe that recomputes the digest of a folder given to `k8s-pki audit DIR` (links
 * followed, as the audit follows them), for the report's footer and the README.
 */
export const DIGEST_RECIPE =
  "cd DIR && find -L . -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0r sha256sum -- | sha256sum";
