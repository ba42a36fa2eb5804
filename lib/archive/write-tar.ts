/**
 * A minimal ustar writer: regular files only, which is all a generated cluster needs to be packed
 * the way `tar czf` packs /etc/kubernetes. Long paths use the ustar prefix field. No dates, owners
 * or modes from the machine go in (mtime 0, uid/gid 0, mode 0644), so the same files always give
 * the same bytes.
 */
import type { InputFile } from "../inventory";

const BLOCK = 512;
const encoder = new TextEncoder();

function writeText(header: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar header field too long: ${value}`);
  header.set(bytes, offset);
}

function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  writeText(header, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

/** Splits a path into ustar's name (≤100 bytes) and prefix (≤155 bytes) at a '/'. */
function splitName(path: string): { name: string; prefix: string } {
  if (encoder.encode(path).length <= 100) return { name: path, prefix: "" };
  for (let slash = path.indexOf("/"); slash >= 0; slash = path.indexOf("/", slash + 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (encoder.encode(prefix).length <= 155 && encoder.encode(name).length <= 100) return { name, prefix };
  }
  throw new Error(`path too long for a ustar header: ${path}`);
}

function header(path: string, size: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const { name, prefix } = splitName(path);
  writeText(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, 0);
  block.fill(0x20, 148, 156);
  writeText(block, 156, 1, "0");
  writeText(block, 257, 6, "ustar\0");
  writeText(block, 263, 2, "00");
  writeText(block, 345, 155, prefix);
  const sum = block.reduce((total, byte) => total + byte, 0);
  writeText(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

/**
 * Packs the files, in the given order, into an uncompressed tar archive. A path no ustar header can
 * hold (a name over 100 bytes without a split into a ≤155-byte prefix) is a bug in the caller.
 */
export function writeTar(files: readonly InputFile[]): Uint8Array {
  const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;
  const total = files.reduce((sum, file) => sum + BLOCK + padded(file.bytes.length), 2 * BLOCK);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const file of files) {
    out.set(header(file.path, file.bytes.length), offset);
    out.set(file.bytes, offset + BLOCK);
    offset += BLOCK + padded(file.bytes.length);
  }
  return out;
}
