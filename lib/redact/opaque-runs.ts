/**
 * What a piece of a key looks like inside other text: a run of the base64 alphabet that reads as
 * random. Letters of both cases or letters and digits; switching between upper case, lower case
 * and digits at least once in four characters (random base64 does about every other one, a
 * camelCase word like `clientCAFile` once a word); a quarter or more of it not lower case (base64
 * has three in five, `ServiceAccountTokenVolumeProjection` one in seven); not only hex (digests,
 * serials, ids); few slashes (a path has one every few characters, base64 one in 64). Or, whatever
 * its look, a run that decodes to PEM text (`base64OfPem`). Both sides of the search use this one
 * definition: the secret texts noted while reading, and the report.
 */

/** Characters a leaked piece must share with a secret before it counts (9 bytes of base64). */
export const WINDOW = 12;

/** One run of `text` at `index`. */
export interface OpaqueRun {
  index: number;
  text: string;
}

const enum Kind {
  Upper = 1,
  Lower = 2,
  Digit = 4,
  Other = 8,
}

/** The kind of a base64 character, or 0 for any other character (which ends a run). */
function kindOf(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return Kind.Lower;
  if (c >= 0x41 && c <= 0x5a) return Kind.Upper;
  if (c >= 0x30 && c <= 0x39) return Kind.Digit;
  // `=` ends a run: in base64 it is only padding, in configuration it joins a name to a value.
  return c === 0x2b || c === 0x2f ? Kind.Other : 0;
}

/** `text[start, end)` hex only: a–f, A–F and digits. */
function hexOnly(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

interface RunShape {
  kinds: number;
  slashes: number;
  switches: number;
  lower: number;
}

/** The value of a base64 character, or -1. */
function sextet(c: number): number {
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 + 26;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 52;
  if (c === 0x2b) return 62;
  return c === 0x2f ? 63 : -1;
}

/** A byte of PEM text: base64, `-`, space and line ends (`-----BEGIN EC PRIVATE KEY-----\n`). */
function pemTextByte(b: number): boolean {
  return sextet(b) >= 0 || b === 0x3d || b === 0x2d || b === 0x20 || b === 0x0a || b === 0x0d;
}

/** Nine bytes in a row: a run decoding to this much PEM text is no accident (1 in 10^5). */
const PEM_QUANTA = 3;

/**
 * True when some stretch of the run, read as base64 at one of its four alignments, decodes to PEM
 * text: base64 of base64, which is what kubeconfig key data is. However its slashes fall, a slice
 * of `client-key-data` shows itself this way, and a name or a path never does.
 */
function base64OfPem(text: string, start: number, end: number): boolean {
  for (let align = 0; align < 4; align++) {
    let good = 0;
    for (let q = start + align; q + 4 <= end; q += 4) {
      const n =
        (sextet(text.charCodeAt(q)) << 18) |
        (sextet(text.charCodeAt(q + 1)) << 12) |
        (sextet(text.charCodeAt(q + 2)) << 6) |
        sextet(text.charCodeAt(q + 3));
      const fits = pemTextByte((n >> 16) & 0xff) && pemTextByte((n >> 8) & 0xff) && pemTextByte(n & 0xff);
      good = fits ? good + 1 : 0;
      if (good >= PEM_QUANTA) return true;
    }
  }
  return false;
}

/**
 * How sure a run must look: `noted` is what is noted from the input as secret (it must look random,
 * or a name or a path could be redacted wherever it is shown); `searched` is every report string
 * that might hold a piece of a noted text, which may carry a path's or a name's characters around
 * that piece (`users/` before key text used as a user name) and so only needs mixed characters,
 * one of them upper case.
 */
export type RunTest = "noted" | "searched";

function random(text: string, start: number, end: number, shape: RunShape, test: RunTest): boolean {
  const { kinds, slashes, switches, lower } = shape;
  const classes = (kinds & Kind.Upper ? 1 : 0) + (kinds & Kind.Lower ? 1 : 0) + (kinds & Kind.Digit ? 1 : 0);
  const length = end - start;
  if (classes < 2 || hexOnly(text, start, end)) return false;
  // Searched: an upper-case letter too. Lower case and digits alone are paths and node names
  // (`workers/w00042/var/lib/kubelet`, thousands in a fleet); 16 characters of base64 lack one
  // upper-case letter once in 5,000.
  if (test === "searched") return (kinds & Kind.Upper) !== 0;
  // Slashes: a path has one every few characters, base64 one in 64 — but a stretch of key text
  // can hold five in 64 (once in 250), so a run with all three classes may hold one in eight.
  const slashLimit = classes === 3 ? 8 : 16;
  const looksRandom =
    switches * 4 >= length && (length - lower) * 4 >= length && slashes * slashLimit <= length;
  return looksRandom || base64OfPem(text, start, end);
}

/**
 * Visit each random-looking run of at least WINDOW characters; a visitor returning true stops the
 * walk. One pass over the char codes, no allocation until a run qualifies: a fleet's report has a
 * million strings, nearly all of which hold no such run.
 */
function eachRun(text: string, test: RunTest, visit: (start: number, end: number) => boolean | void): void {
  let start = 0;
  let previous = 0;
  const shape: RunShape = { kinds: 0, slashes: 0, switches: 0, lower: 0 };
  for (let i = 0; i <= text.length; i++) {
    const kind = i < text.length ? kindOf(text.charCodeAt(i)) : 0;
    if (kind !== 0) {
      shape.kinds |= kind;
      if (text.charCodeAt(i) === 0x2f) shape.slashes++;
      if (kind === Kind.Lower) shape.lower++;
      if (previous !== 0 && kind !== previous) shape.switches++;
      previous = kind;
      continue;
    }
    // Slashes at either end belong to what surrounds the run (`https://`, a path's `/`), not to it.
    let end = i;
    while (start < end && text.charCodeAt(start) === 0x2f) {
      start++;
      shape.slashes--;
    }
    while (end > start && text.charCodeAt(end - 1) === 0x2f) {
      end--;
      shape.slashes--;
    }
    if (end - start >= WINDOW && random(text, start, end, shape, test) && visit(start, end) === true) return;
    start = i + 1;
    previous = 0;
    shape.kinds = 0;
    shape.slashes = 0;
    shape.switches = 0;
    shape.lower = 0;
  }
}

/** The runs of `text` that pass `test`. */
export function opaqueRuns(text: string, test: RunTest): OpaqueRun[] {
  const runs: OpaqueRun[] = [];
  eachRun(text, test, (start, end) => {
    runs.push({ index: start, text: text.slice(start, end) });
  });
  return runs;
}

/** True when `text` holds a run that passes `test`. */
export function hasOpaqueRun(text: string, test: RunTest): boolean {
  let found = false;
  eachRun(text, test, () => (found = true));
  return found;
}
