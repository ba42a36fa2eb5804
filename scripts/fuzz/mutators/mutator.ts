/**
 * What a mutator is: a named, weighted way to damage one file of a node (given its bytes and, for
 * the text-minded, its text) that says which files it knows how to damage. Node-wide damage (the
 * node packed into a hostile archive) has its own shape in archive-cases.ts.
 */
import type { Prng } from "../prng";

/** A file as mutators see it: path, bytes, and the bytes read as UTF-8 (lossy for binary files). */
export interface MutableFile {
  path: string;
  bytes: Uint8Array;
  text: string;
}

export interface FileMutator {
  name: string;
  /** How often it is chosen relative to the others. */
  weight: number;
  applies(file: MutableFile): boolean;
  mutate(file: MutableFile, rng: Prng): Uint8Array;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of text. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Bytes with `insert` put in place of `deleteCount` bytes at `offset`. */
export function splice(
  bytes: Uint8Array,
  offset: number,
  deleteCount: number,
  insert: Uint8Array,
): Uint8Array {
  const out = new Uint8Array(bytes.length - deleteCount + insert.length);
  out.set(bytes.subarray(0, offset), 0);
  out.set(insert, offset);
  out.set(bytes.subarray(offset + deleteCount), offset + insert.length);
  return out;
}
