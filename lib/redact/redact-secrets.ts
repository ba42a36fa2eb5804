/**
 * The last line of defence for "no private key is ever shown": every string of a finished report
 * is searched for pieces of the input's secret texts (`SecretTexts`), and any piece of 12
 * characters or more is replaced by `[redacted]`. The search goes from the report's side: its
 * random-looking runs (`opaqueRuns`) are few, so a report without any costs one walk and no look
 * at the secrets at all.
 */
import { hasOpaqueRun, opaqueRuns, WINDOW, type OpaqueRun } from "./opaque-runs";

export const REDACTED = "[redacted]";

interface Place {
  /** The object or array that holds the string, and its key there. */
  holder: Record<string, unknown> | unknown[];
  key: string | number;
}

/**
 * Every string of `root` holding a random-looking run (objects and arrays, walked iteratively: a
 * report can be deep and wide), grouped by value — a report repeats its own words thousands of
 * times, and each distinct value is looked at once.
 */
function collectCandidates(root: object): Map<string, Place[]> {
  const candidates = new Map<string, Place[]>();
  // Strings already scanned and found clean: a report repeats its long texts (a megabyte scalar of
  // a hostile file quoted by several findings), and each is scanned once.
  const clean = new Set<string>();
  const stack: object[] = [root];
  const visit = (holder: Place["holder"], key: string | number, item: unknown) => {
    if (typeof item !== "string") {
      if (typeof item === "object" && item !== null) stack.push(item);
      return;
    }
    // Most of a report's strings are short (ids, states, names): no lookup for them at all.
    if (item.length < WINDOW) return;
    const places = candidates.get(item);
    if (places) places.push({ holder, key });
    else if (clean.has(item)) return;
    else if (hasOpaqueRun(item, "searched")) candidates.set(item, [{ holder, key }]);
    else clean.add(item);
  };
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (Array.isArray(node)) for (let i = 0; i < node.length; i++) visit(node, i, node[i]);
    else {
      const record = node as Record<string, unknown>;
      for (const key in record) visit(record, key, record[key]);
    }
  }
  return candidates;
}

const BASE = 31;
/** BASE^(WINDOW-1), modulo 2^32: what the window's first character weighs in its hash. */
const TOP = Array.from({ length: WINDOW - 1 }).reduce<number>((p) => Math.imul(p, BASE), 1);

/**
 * Calls `each(hash, start)` for every WINDOW-character window of `text`, with a rolling hash:
 * no substring is made, so a run of megabytes costs a pass, not millions of strings.
 */
function eachWindowHash(text: string, each: (hash: number, start: number) => void): void {
  if (text.length < WINDOW) return;
  let hash = 0;
  for (let i = 0; i < WINDOW; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
  each(hash, 0);
  for (let i = WINDOW; i < text.length; i++) {
    hash = (Math.imul(hash - Math.imul(text.charCodeAt(i - WINDOW), TOP), BASE) + text.charCodeAt(i)) | 0;
    each(hash, i - WINDOW + 1);
  }
}

const total = (texts: readonly string[]) => texts.reduce((n, text) => n + text.length, 0);

/**
 * The secrets' windows that may occur in the report's runs, as strings: hashed from the smaller
 * side, so the strings made are never more than the smaller side's windows. A hash match is only a
 * candidate; `redact` compares the text itself.
 */
function leakedWindows(runs: readonly string[], secrets: readonly string[]): Set<string> {
  const leaked = new Set<string>();
  if (total(runs) <= total(secrets)) {
    const hashes = new Set<number>();
    for (const run of runs) eachWindowHash(run, (hash) => hashes.add(hash));
    for (const secret of secrets)
      eachWindowHash(secret, (hash, i) => {
        if (hashes.has(hash)) leaked.add(secret.slice(i, i + WINDOW));
      });
  } else {
    for (const secret of secrets)
      for (let i = 0; i + WINDOW <= secret.length; i++) leaked.add(secret.slice(i, i + WINDOW));
  }
  return leaked;
}

/** Whether `text` holds `window` at `start`, compared in place. */
function holdsAt(text: string, start: number, window: string): boolean {
  for (let k = 0; k < WINDOW; k++) if (text.charCodeAt(start + k) !== window.charCodeAt(k)) return false;
  return true;
}

/** The stretches of a run that leaked windows cover, as [start, end) pairs in order, merged. */
function coveredStretches(run: string, byHash: ReadonlyMap<number, string[]>): number[] {
  const stretches: number[] = [];
  eachWindowHash(run, (hash, i) => {
    const windows = byHash.get(hash);
    if (!windows?.some((window) => holdsAt(run, i, window))) return;
    // Windows come in order: one that touches the last stretch extends it.
    const last = stretches.length - 1;
    if (last > 0 && (stretches[last] ?? 0) >= i) stretches[last] = i + WINDOW;
    else stretches.push(i, i + WINDOW);
  });
  return stretches;
}

/**
 * `value` with every stretch covered by a leaked window replaced by `[redacted]`. The stretches of
 * one run text are found once (`known`), however many report strings repeat it; runs never touch,
 * so their stretches do not either.
 */
function redact(
  value: string,
  runs: readonly OpaqueRun[],
  byHash: ReadonlyMap<number, string[]>,
  known: Map<string, number[]>,
): string {
  let out = "";
  let at = 0;
  for (const run of runs) {
    let stretches = known.get(run.text);
    if (!stretches) {
      stretches = coveredStretches(run.text, byHash);
      known.set(run.text, stretches);
    }
    for (let k = 0; k + 1 < stretches.length; k += 2) {
      out += value.slice(at, run.index + (stretches[k] ?? 0)) + REDACTED;
      at = run.index + (stretches[k + 1] ?? 0);
    }
  }
  return at === 0 && out === "" ? value : out + value.slice(at);
}

/**
 * Replace, in place, every piece of a secret text found in a string of `report` (any JSON-like
 * value); returns how many strings changed. Pieces shorter than 12 characters are not searched:
 * they carry too little of a key to matter and too often occur by chance.
 */
export function redactSecrets(report: object, secrets: readonly string[]): number {
  if (secrets.length === 0) return 0;
  const candidates = collectCandidates(report);
  if (candidates.size === 0) return 0;
  const runsOf = new Map<string, OpaqueRun[]>();
  const texts = new Set<string>();
  for (const value of candidates.keys()) {
    const runs = opaqueRuns(value, "searched");
    runsOf.set(value, runs);
    for (const run of runs) texts.add(run.text);
  }
  const leaked = leakedWindows([...texts], secrets);
  if (leaked.size === 0) return 0;
  const byHash = new Map<number, string[]>();
  for (const window of leaked)
    eachWindowHash(window, (hash) => {
      const list = byHash.get(hash);
      if (list) list.push(window);
      else byHash.set(hash, [window]);
    });
  let changed = 0;
  const known = new Map<string, number[]>();
  for (const [value, places] of candidates) {
    const redacted = redact(value, runsOf.get(value) ?? [], byHash, known);
    if (redacted === value) continue;
    for (const { holder, key } of places) (holder as Record<string | number, unknown>)[key] = redacted;
    changed += places.length;
  }
  return changed;
}
