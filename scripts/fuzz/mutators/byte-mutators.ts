/**
 * Format-blind damage: flipped bits, inserted and deleted bytes, a file cut short, and a run of
 * bytes from one place copied to another. Inserted bytes favour the ones parsers trip on: NUL,
 * CR, ESC sequences, bidi controls, quotes, colons and PEM dashes.
 */
import type { Prng } from "../prng";
import { type FileMutator, splice, utf8 } from "./mutator";

const INTERESTING = [
  "\0",
  "\r",
  "\r\n",
  "\x1b[31m",
  "\x1b]0;title\x07",
  "\u202e",
  "\u200b",
  "\ufeff",
  "\x7f",
  "\x85",
  '"',
  "'",
  ":",
  ": ",
  "- ",
  "#",
  "&a ",
  "*a",
  "-----",
  "=",
  "\\",
  "%",
  "\t",
].map(utf8);

function insertion(rng: Prng): Uint8Array {
  if (rng.chance(0.5)) return rng.pick(INTERESTING);
  return rng.bytes(rng.range(1, 64));
}

const bitFlip: FileMutator = {
  name: "bit-flip",
  weight: 8,
  applies: (file) => file.bytes.length > 0,
  mutate(file, rng) {
    const out = file.bytes.slice();
    const flips = rng.range(1, 8);
    for (let i = 0; i < flips; i++) {
      const at = rng.int(out.length);
      out[at] = (out[at] ?? 0) ^ (1 << rng.int(8));
    }
    return out;
  },
};

const byteInsert: FileMutator = {
  name: "byte-insert",
  weight: 8,
  applies: () => true,
  mutate(file, rng) {
    let out = file.bytes;
    const count = rng.range(1, 4);
    for (let i = 0; i < count; i++) out = splice(out, rng.int(out.length + 1), 0, insertion(rng));
    return out;
  },
};

const byteDelete: FileMutator = {
  name: "byte-delete",
  weight: 6,
  applies: (file) => file.bytes.length > 1,
  mutate(file, rng) {
    const at = rng.int(file.bytes.length);
    return splice(file.bytes, at, Math.min(rng.range(1, 64), file.bytes.length - at), new Uint8Array());
  },
};

const truncate: FileMutator = {
  name: "truncate",
  weight: 6,
  applies: (file) => file.bytes.length > 0,
  mutate: (file, rng) => file.bytes.slice(0, rng.int(file.bytes.length)),
};

/** A run of the file's own bytes copied elsewhere in it: structure-shaped damage. */
const selfSplice: FileMutator = {
  name: "self-splice",
  weight: 3,
  applies: (file) => file.bytes.length > 8,
  mutate(file, rng) {
    const from = rng.int(file.bytes.length);
    const run = file.bytes.slice(from, from + rng.range(1, 512));
    const replace = rng.chance(0.5) ? run.length : 0;
    const at = rng.int(file.bytes.length - Math.min(replace, file.bytes.length) + 1);
    return splice(file.bytes, at, Math.min(replace, file.bytes.length - at), run);
  },
};

export const BYTE_MUTATORS: readonly FileMutator[] = [bitFlip, byteInsert, byteDelete, truncate, selfSplice];
