/**
 * Damage to PEM armour and bodies: base64 characters swapped for other or invalid ones, body lines
 * removed, duplicated or joined, BEGIN/END lines broken, and a BEGIN line repeated thousands of
 * times with no END (the shape that makes a naive block scanner quadratic).
 */
import type { Prng } from "../prng";
import { type FileMutator, type MutableFile, utf8 } from "./mutator";
import { type PemBlock, pemBlocks } from "./pem-blocks";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const NOT_BASE64 = ["!", "=", "-", "*", " ", "\t", "\u00e9", "\0", "\r", "_", "."];

const hasPem = (file: MutableFile) => file.text.includes("-----BEGIN ");

function pickBlock(file: MutableFile, rng: Prng): PemBlock | undefined {
  const blocks = pemBlocks(file.text);
  return blocks.length > 0 ? rng.pick(blocks) : undefined;
}

const replaceRange = (text: string, start: number, end: number, insert: string) =>
  text.slice(0, start) + insert + text.slice(end);

const base64Chars: FileMutator = {
  name: "pem-base64",
  weight: 8,
  applies: (file) => pemBlocks(file.text).length > 0,
  mutate(file, rng) {
    const block = pickBlock(file, rng);
    if (!block) return file.bytes;
    const chars = file.text.split("");
    // Spread over the body, or a burst in one place.
    const count = rng.range(1, rng.chance(0.3) ? 64 : 6);
    const burst = rng.chance(0.4) ? block.bodyStart + rng.int(block.bodyEnd - block.bodyStart) : -1;
    for (let i = 0; i < count; i++) {
      const at = burst >= 0 ? burst + i : block.bodyStart + rng.int(block.bodyEnd - block.bodyStart);
      if (at >= block.bodyEnd || chars[at] === "\n") continue;
      chars[at] = rng.chance(0.7) ? rng.pick([...BASE64]) : rng.pick(NOT_BASE64);
    }
    return utf8(chars.join(""));
  },
};

const bodyLines: FileMutator = {
  name: "pem-lines",
  weight: 5,
  applies: (file) => pemBlocks(file.text).length > 0,
  mutate(file, rng) {
    const block = pickBlock(file, rng);
    if (!block) return file.bytes;
    const lines = file.text.slice(block.bodyStart, block.bodyEnd).split("\n");
    const at = rng.int(Math.max(1, lines.length - 1));
    switch (rng.int(5)) {
      case 0:
        lines.splice(at, rng.range(1, 3));
        break;
      case 1:
        lines.splice(at, 0, lines[at] ?? "");
        break;
      case 2:
        lines.splice(at, 2, (lines[at] ?? "") + (lines[at + 1] ?? ""));
        break;
      case 3:
        lines.splice(at, 0, rng.pick(["", " ", "Proc-Type: 4,ENCRYPTED", "#", "\r"]));
        break;
      default:
        // One very long body line: the whole body unwrapped.
        lines.splice(0, lines.length, lines.join(""), "");
    }
    return utf8(replaceRange(file.text, block.bodyStart, block.bodyEnd, lines.join("\n")));
  },
};

const ARMOUR_DAMAGE: ((block: PemBlock, text: string, rng: Prng) => string)[] = [
  // END line gone.
  (b, t) => replaceRange(t, b.bodyEnd, b.end, ""),
  // END label differs from BEGIN.
  (b, t) =>
    replaceRange(
      t,
      b.bodyEnd,
      b.end,
      `-----END ${b.label === "CERTIFICATE" ? "PRIVATE KEY" : "CERTIFICATE"}-----`,
    ),
  // A dash short.
  (b, t) => replaceRange(t, b.start, b.start + 5, "----"),
  // Lower-case armour.
  (b, t) => replaceRange(t, b.start, b.bodyStart, t.slice(b.start, b.bodyStart).toLowerCase()),
  // Text after the BEGIN dashes.
  (b, t) => replaceRange(t, b.bodyStart - 1, b.bodyStart - 1, " trailing words"),
  // BEGIN and END swapped.
  (b, t) =>
    replaceRange(
      t,
      b.start,
      b.end,
      `-----END ${b.label}-----\n${t.slice(b.bodyStart, b.bodyEnd)}-----BEGIN ${b.label}-----`,
    ),
  // An empty label.
  (b, t) => replaceRange(t, b.start, b.bodyStart - 1, "-----BEGIN -----"),
  // A label of control characters and a terminal escape.
  (b, t) => replaceRange(t, b.start, b.bodyStart - 1, "-----BEGIN \x1b[2J\x07PRIVATE\u202eKEY-----"),
  // Encrypted-PEM headers with nonsense.
  (b, t) => replaceRange(t, b.bodyStart, b.bodyStart, "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,ZZ\n\n"),
  // CRLF line ends and a byte-order mark.
  (_b, t) => `\ufeff${t.replace(/\n/g, "\r\n")}`,
  // The body alone, no armour at all.
  (b, t) => replaceRange(t, b.start, b.end, t.slice(b.bodyStart, b.bodyEnd)),
];

const armour: FileMutator = {
  name: "pem-armour",
  weight: 6,
  applies: (file) => pemBlocks(file.text).length > 0,
  mutate(file, rng) {
    const block = pickBlock(file, rng);
    if (!block) return file.bytes;
    return utf8(rng.pick(ARMOUR_DAMAGE)(block, file.text, rng));
  },
};

const beginRepeat: FileMutator = {
  name: "pem-begin-repeat",
  weight: 3,
  applies: hasPem,
  mutate(file, rng) {
    const label = rng.pick(["CERTIFICATE", "RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY"]);
    const count = rng.pick([2, 100, 5_000, 50_000, 200_000]);
    const withBody = rng.chance(0.5);
    const line = `-----BEGIN ${label}-----\n${withBody ? "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n" : ""}`;
    const at = rng.pick([0, file.text.length, rng.int(file.text.length + 1)]);
    return utf8(file.text.slice(0, at) + line.repeat(count) + file.text.slice(at));
  },
};

export const PEM_MUTATORS: readonly FileMutator[] = [base64Chars, bodyLines, armour, beginRepeat];
