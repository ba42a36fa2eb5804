/**
 * Reproducer files: a failing case as JSON (`<invariant>-<hash>.json`) that names the corpus node,
 * the changed files (gzip + base64, so a 4 MB line of one character stays small), the invariant
 * that broke, the budget it ran under and the seed and case that found it. The regression test
 * replays every reproducer in lib/__fuzz__ and holds it to its invariant.
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "fflate";
import { format } from "prettier";
import { type FuzzCase, INVARIANTS, type Invariant } from "./fuzz-case";

export interface Reproducer {
  invariant: Invariant;
  /** The failure's grouping key and what was seen when it was found. */
  key: string;
  detail: string;
  /** What is wrong, in a line, written by whoever looked into it (the fuzzer leaves it out). */
  diagnosis?: string;
  found: { seed: number; case: number; mutator: string; originalBytes: number };
  corpus: string;
  replaceAll: boolean;
  touched: string[];
  target: string;
  changes: { path: string; gzipBase64?: string; linkTarget?: string }[];
  budgetMs: number;
  budgetMb: number;
}

/** The reproducer of a (minimised) failing case. */
export function toReproducer(
  fuzzCase: FuzzCase,
  violation: { invariant: Invariant; key: string; detail: string },
  budget: { budgetMs: number; budgetMb: number; originalBytes: number },
): Reproducer {
  return {
    invariant: violation.invariant,
    key: violation.key,
    detail: violation.detail.slice(0, 400),
    found: {
      seed: fuzzCase.seed,
      case: fuzzCase.index,
      mutator: fuzzCase.mutator,
      originalBytes: budget.originalBytes,
    },
    corpus: fuzzCase.corpus,
    replaceAll: fuzzCase.replaceAll,
    touched: fuzzCase.touched,
    target: fuzzCase.target,
    changes: fuzzCase.changes.map((change) => ({
      path: change.path,
      ...(change.bytes !== undefined
        ? { gzipBase64: Buffer.from(gzipSync(change.bytes, { level: 9, mtime: 0 })).toString("base64") }
        : {}),
      ...(change.linkTarget !== undefined ? { linkTarget: change.linkTarget } : {}),
    })),
    budgetMs: budget.budgetMs,
    budgetMb: budget.budgetMb,
  };
}

/** The case a reproducer replays. */
export function fromReproducer(reproducer: Reproducer): FuzzCase {
  return {
    seed: reproducer.found.seed,
    index: reproducer.found.case,
    corpus: reproducer.corpus,
    mutator: reproducer.found.mutator,
    replaceAll: reproducer.replaceAll,
    touched: reproducer.touched,
    target: reproducer.target,
    changes: reproducer.changes.map((change) => ({
      path: change.path,
      ...(change.gzipBase64 !== undefined
        ? { bytes: gunzipSync(Buffer.from(change.gzipBase64, "base64")) }
        : {}),
      ...(change.linkTarget !== undefined ? { linkTarget: change.linkTarget } : {}),
    })),
  };
}

/** `d-1a2b3c4d.json`: the invariant and a hash of what the case feeds in. */
export function reproducerName(reproducer: Reproducer): string {
  const hash = createHash("sha256")
    .update(
      JSON.stringify([reproducer.invariant, reproducer.corpus, reproducer.replaceAll, reproducer.changes]),
    )
    .digest("hex");
  return `${reproducer.invariant}-${hash.slice(0, 8)}.json`;
}

/** Writes the reproducer under `dir` (formatted as the repository formats JSON); returns its path. */
export async function writeReproducer(dir: string, reproducer: Reproducer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, reproducerName(reproducer));
  // What broke is often a control or bidi character: written as an escape, it cannot disturb a diff.
  const json = JSON.stringify(reproducer).replace(
    /[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  await writeFile(path, await format(json, { parser: "json", printWidth: 110 }));
  return path;
}

function isReproducer(value: unknown): value is Reproducer {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    INVARIANTS.includes(record.invariant as Invariant) &&
    typeof record.corpus === "string" &&
    typeof record.target === "string" &&
    Array.isArray(record.changes) &&
    typeof record.budgetMs === "number" &&
    typeof record.budgetMb === "number"
  );
}

/** Every reproducer directly in `dir` (not in its subfolders), by file name; a malformed one throws. */
export function readReproducers(dir: string): { file: string; reproducer: Reproducer }[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names.map((name) => {
    const file = join(dir, name);
    return { file, reproducer: readReproducer(file) };
  });
}

/** One reproducer file; a malformed one throws. */
export function readReproducer(file: string): Reproducer {
  const value: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!isReproducer(value)) throw new Error(`${file} is not a fuzz reproducer`);
  return value;
}
