/**
 * What a piece of a key looks like inside other text: a run of the base64 alphabet that reads as
 * random. Letters of both cases or letters and digits; switching between upper case, lower case
 * and digits at least once in four characters (random base64 does about every other one, a
 * camelCase word like `clientCAFile` once a word); a quarter or more of it not lower case (base64
 * has three in five, `ServiceAccountTokenVolumeProjection` one in seven); not only hex (digests,
 * serials, ids); few slashes (a path has one every few characters, base64 one in 64). Both sides
 * of the search use this one definition: the secret texts noted while reading, and the report.
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

function random(text: string, start: number, end: number, shape: RunShape): boolean {
  const { kinds, slashes, switches, lower } = shape;
  const classes = (kinds & Kind.Upper ? 1 : 0) + (kinds & Kind.Lower ? 1 : 0) + (kinds & Kind.Digit ? 1 : 0);
  const length = end - start;
  return (
    classes >= 2 &&
    switches * 4 >= length &&
    (length - lower) * 4 >= length &&
    slashes * 16 <= length &&
    !hexOnly(text, start, end)
  );
}

/**
 * Visit each random-looking run of at least WINDOW characters; a visitor returning true stops the
 * walk. One pass over the char codes, no allocation until a run qualifies: a fleet's report has a
 * million strings, nearly all of which hold no such run.
 */
function eachRun(text: string, visit: (start: number, end: number) => boolean | void): void {
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
    if (end - start >= WINDOW && random(text, start, end, shape) && visit(start, end) === true) return;
    start = i + 1;
    previous = 0;
    shape.kinds = 0;
    shape.slashes = 0;
    shape.switches = 0;
    shape.lower = 0;
  }
}

/** The random-looking runs of `text`. */
export function opaqueRuns(text: string): OpaqueRun[] {
  const runs: OpaqueRun[] = [];
  eachRun(text, (start, end) => {
    runs.push({ index: start, text: text.slice(start, end) });
  });
  return runs;
}

/** True when `text` holds a random-looking run. */
export function hasOpaqueRun(text: string): boolean {
  let found = false;
  eachRun(text, () => (found = true));
  return found;
}
