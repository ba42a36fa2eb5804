/**
 * The last line of defence for "no private key is ever shown": every string of a finished report
 * is searched for pieces of the input's secret texts (`SecretTexts`), and any piece of 12
 * characters or more is replaced by `[redacted]`. The search goes from the report's side: its
 * random-looking runs (`opaqueRuns`) are few, so a report without any costs one walk and no look
 * at the secrets at all.
 */
import { hasOpaqueRun, opaqueRuns, WINDOW } from "./opaque-runs";

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
  const stack: object[] = [root];
  const visit = (holder: Place["holder"], key: string | number, item: unknown) => {
    if (typeof item === "object" && item !== null) stack.push(item);
    if (typeof item !== "string") return;
    const places = candidates.get(item);
    if (places) places.push({ holder, key });
    else if (hasOpaqueRun(item, "searched")) candidates.set(item, [{ holder, key }]);
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

/** Every WINDOW-character window of every run of the candidate values. */
function candidateWindows(values: Iterable<string>): Set<string> {
  const windows = new Set<string>();
  for (const value of values)
    for (const run of opaqueRuns(value, "searched"))
      for (let i = 0; i + WINDOW <= run.text.length; i++) windows.add(run.text.slice(i, i + WINDOW));
  return windows;
}

/** The candidate windows that occur in a secret text. */
function leakedWindows(windows: ReadonlySet<string>, secrets: readonly string[]): Set<string> {
  const leaked = new Set<string>();
  for (const secret of secrets)
    for (let i = 0; i + WINDOW <= secret.length; i++) {
      const window = secret.slice(i, i + WINDOW);
      if (windows.has(window)) leaked.add(window);
    }
  return leaked;
}

/** `value` with every stretch covered by a leaked window replaced by `[redacted]`. */
function redact(value: string, leaked: ReadonlySet<string>): string {
  const covered = new Uint8Array(value.length);
  let any = false;
  for (const run of opaqueRuns(value, "searched"))
    for (let i = 0; i + WINDOW <= run.text.length; i++)
      if (leaked.has(run.text.slice(i, i + WINDOW))) {
        covered.fill(1, run.index + i, run.index + i + WINDOW);
        any = true;
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
 * value); returns how many strings changed. Pieces shorter than 12 characters are not searched:
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
