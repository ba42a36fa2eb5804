/**
 * A fuzz case as data: which corpus node, which files change and how, and which of the node's
 * paths were touched (so a certificate found only there may be gone). Cases travel to a worker
 * thread and into reproducer files, so they hold only plain values and bytes.
 */
import type { InputFile } from "../../lib/inventory";

/** The invariants a case is held to, each switchable with `--check`. */
export const INVARIANTS = ["a", "b", "c", "d", "e"] as const;
export type Invariant = (typeof INVARIANTS)[number];

export const INVARIANT_NAMES: Record<Invariant, string> = {
  a: "no uncaught error or rejection",
  b: "within the time and memory budget",
  c: "no good file lost",
  d: "no private key text in any output",
  e: "no control characters in text output",
};

/** One file of the case: new bytes at a path (replacing the node's file there, or added), or removed. */
export interface FileChange {
  path: string;
  /** Absent: the node's file at `path` is left out. */
  bytes?: Uint8Array;
  /** Set for a symlink-like copy (kept as the InputFile's linkTarget). */
  linkTarget?: string;
}

export interface FuzzCase {
  seed: number;
  index: number;
  corpus: string;
  mutator: string;
  /** When true the input is only `changes` (the node packed into an archive); otherwise the node's files with `changes` applied. */
  replaceAll: boolean;
  changes: FileChange[];
  /** Node paths whose certificates need not survive: the mutated file and whatever stood for it. */
  touched: string[];
  /** The change delta debugging shrinks: the mutated file's path. */
  target: string;
}

/** The input a case gives `analyze`: the node's files with the case's changes applied. */
export function caseFiles(fuzzCase: FuzzCase, nodeFiles: readonly InputFile[]): InputFile[] {
  const files = new Map<string, InputFile>();
  if (!fuzzCase.replaceAll) for (const file of nodeFiles) files.set(file.path, file);
  for (const change of fuzzCase.changes) {
    if (change.bytes === undefined) files.delete(change.path);
    else
      files.set(change.path, {
        path: change.path,
        bytes: change.bytes,
        ...(change.linkTarget !== undefined ? { linkTarget: change.linkTarget } : {}),
      });
  }
  return [...files.values()];
}

/** The case with its target file's bytes swapped, for delta debugging. */
export function withTargetBytes(fuzzCase: FuzzCase, bytes: Uint8Array): FuzzCase {
  return {
    ...fuzzCase,
    changes: fuzzCase.changes.map((change) =>
      change.path === fuzzCase.target ? { ...change, bytes } : change,
    ),
  };
}

/** The bytes of the case's target file (empty when the target was removed). */
export function targetBytes(fuzzCase: FuzzCase): Uint8Array {
  return fuzzCase.changes.find((change) => change.path === fuzzCase.target)?.bytes ?? new Uint8Array();
}
