/**
 * The last line of defence for "no private key is ever shown": every string of a finished report
 * is searched for pieces of the input's secret texts (`SecretTexts`), and any piece of 16
 * characters or more is replaced by `[redacted]`. The search goes from the report's side: its
 * opaque runs (random-looking base64, rare in a report) are few, so a report without any costs a
 * walk and no look at the secrets at all.
 */
import { OPAQUE_RUN } from "./secret-texts";

export const REDACTED = "[redacted]";
const WINDOW = 16;
const HEX = /^[0-9a-fA-F]+$/;
/** A character of an opaque run (`OPAQUE_RUN`): letters, digits, `+` and `=`. */
function isRunCharacter(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2b ||
    c === 0x3d
  );
}

/**
 * True when `value` holds an opaque run of 16 or more that is not all hex: one pass over the char
 * codes and no allocation, since most report strings (paths, names, digests) fail it and a fleet's
 * report has a million of them (a regular expression here cost four times as much).
 */
function hasOpaqueRun(value: string): boolean {
  let length = 0;
  let hexOnly = true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (!isRunCharacter(c)) {
      length = 0;
      hexOnly = true;
      continue;
    }
    length++;
    if (hexOnly && !((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)))
      hexOnly = false;
    if (length >= WINDOW && !hexOnly) return true;
  }
  return false;
}

interface Candidate {
  /** The object and key (or array and index) that hold the string. */
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  value: string;
}

/**
 * Every string of `root` holding an opaque run that is not plain hex (objects and arrays, walked
 * iteratively: a report can be deep and wide), grouped by value — a report repeats its own words
 * (`digitalSignature`) thousands of times, and each distinct value is looked at once.
 */
function collectCandidates(root: object): Map<string, Candidate[]> {
  const candidates = new Map<string, Candidate[]>();
  const visit = (holder: Candidate["holder"], key: string | number, item: unknown) => {
    if (typeof item === "object" && item !== null) stack.push(item);
    if (typeof item !== "string") return;
    if (!hasOpaqueRun(item)) return;
    const list = candidates.get(item);
    if (list) list.push({ holder, key, value: item });
    else candidates.set(item, [{ holder, key, value: item }]);
  };
  const stack: object[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (Array.isArray(node)) for (let i = 0; i < node.length; i++) visit(node, i, node[i]);
    else {
      const record = node as Record<string, unknown>;
      for (const key in record) visit(record, key, record[key]);
    }
  }
  return candidates;
}

/** The opaque runs of a string that are not plain hex (ids, digests and serials are hex). */
function runsOf(value: string): RegExpMatchArray[] {
  return [...value.matchAll(OPAQUE_RUN)].filter((run) => !HEX.test(run[0]));
}

/** Every 16-character window of every opaque run of the candidate values. */
function candidateWindows(values: Iterable<string>): Set<string> {
  const windows = new Set<string>();
  for (const value of values)
    for (const run of runsOf(value))
      for (let i = 0; i + WINDOW <= run[0].length; i++) windows.add(run[0].slice(i, i + WINDOW));
  return windows;
}

/** The candidate windows that occur in a secret text. */
function leakedWindows(windows: ReadonlySet<string>, secrets: readonly string[]): Set<string> {
  const leaked = new Set<string>();
  for (const secret of secrets)
    for (const segment of secret.split("/"))
      for (let i = 0; i + WINDOW <= segment.length; i++) {
        const window = segment.slice(i, i + WINDOW);
        if (windows.has(window)) leaked.add(window);
      }
  return leaked;
}

/** `value` with every stretch covered by a leaked window replaced by `[redacted]`. */
function redact(value: string, leaked: ReadonlySet<string>): string {
  const covered = new Uint8Array(value.length);
  let any = false;
  for (const run of runsOf(value)) {
    const start = run.index ?? 0;
    for (let i = 0; i + WINDOW <= run[0].length; i++)
      if (leaked.has(run[0].slice(i, i + WINDOW))) {
        covered.fill(1, start + i, start + i + WINDOW);
        any = true;
      }
  }
  if (!any) return value;
  let out = "";
  for (let i = 0; i < value.length; i++) {
    if (!covered[i]) out += value[i];
    else if (i === 0 || !covered[i - 1]) out += REDACTED;
  }
  return out;
}

/**
 * Replace, in place, every piece of a secret text found in a string of `report` (any JSON-like
 * value); returns how many strings changed. Pieces shorter than 16 characters are not searched:
 * they carry too little of a key to matter and too often occur by chance.
 */
export function redactSecrets(report: object, secrets: readonly string[]): number {
  if (secrets.length === 0) return 0;
  const candidates = collectCandidates(report);
  if (candidates.size === 0) return 0;
  const leaked = leakedWindows(candidateWindows(candidates.keys()), secrets);
  if (leaked.size === 0) return 0;
  let changed = 0;
  for (const [value, places] of candidates) {
    const redacted = redact(value, leaked);
    if (redacted === value) continue;
    for (const { holder, key } of places) (holder as Record<string | number, unknown>)[key] = redacted;
    changed += places.length;
  }
  return changed;
}
