/**
 * Case `index` of a run with `seed`, made from that pair alone: a corpus node, a way to damage it
 * and, for file mutators, the one file it damages (the rest of the node stays intact). Sometimes a
 * file takes two or three mutations in a row.
 */
import type { LoadedEntry } from "./corpus";
import type { FuzzCase } from "./fuzz-case";
import type { GzipBombs } from "./gzip-bombs";
import { archiveCase } from "./mutators/archive-cases";
import { archiveHeaderCase } from "./mutators/archive-headers";
import { BYTE_MUTATORS } from "./mutators/byte-mutators";
import { DER_MUTATORS } from "./mutators/der-length";
import { FLAG_MUTATORS } from "./mutators/flags-repeat";
import { kdfCase } from "./mutators/kdf-cases";
import { KUBECONFIG_MUTATORS } from "./mutators/kubeconfig-shift";
import type { FileMutator, MutableFile } from "./mutators/mutator";
import { PEM_MUTATORS } from "./mutators/pem-mutators";
import { floodCase } from "./mutators/same-name-flood";
import { YAML_MUTATORS } from "./mutators/yaml-mutators";
import { Prng } from "./prng";

export const FILE_MUTATORS: readonly FileMutator[] = [
  ...BYTE_MUTATORS,
  ...PEM_MUTATORS,
  ...DER_MUTATORS,
  ...YAML_MUTATORS,
  ...KUBECONFIG_MUTATORS,
  ...FLAG_MUTATORS,
];

const ARCHIVE_WEIGHT = 8;
const ARCHIVE_HEADER_WEIGHT = 6;
const KDF_WEIGHT = 2;
const FLOOD_WEIGHT = 2;
const STACKED_WEIGHT = 4;
const UNCHANGED_WEIGHT = 1;

type Plan =
  | { kind: "file"; mutator: FileMutator }
  | { kind: "archive" }
  | { kind: "archive-header" }
  | { kind: "kdf" }
  | { kind: "flood" }
  | { kind: "stacked" }
  | { kind: "unchanged" };

const PLANS: { weight: number; value: Plan }[] = [
  ...FILE_MUTATORS.map((mutator) => ({ weight: mutator.weight, value: { kind: "file", mutator } as Plan })),
  { weight: ARCHIVE_WEIGHT, value: { kind: "archive" } },
  { weight: ARCHIVE_HEADER_WEIGHT, value: { kind: "archive-header" } },
  { weight: KDF_WEIGHT, value: { kind: "kdf" } },
  { weight: FLOOD_WEIGHT, value: { kind: "flood" } },
  { weight: STACKED_WEIGHT, value: { kind: "stacked" } },
  { weight: UNCHANGED_WEIGHT, value: { kind: "unchanged" } },
];

const decoder = new TextDecoder();

/** The node's files as mutators see them; link copies are left to their targets. */
function mutableFiles(node: LoadedEntry): MutableFile[] {
  return node.files
    .filter((file) => file.linkTarget === undefined)
    .map((file) => ({ path: file.path, bytes: file.bytes, text: decoder.decode(file.bytes) }));
}

/** A file the mutator applies to and the mutated bytes; undefined when no file of the node fits. */
function mutateOne(files: readonly MutableFile[], mutator: FileMutator, rng: Prng) {
  const fitting = files.filter((file) => mutator.applies(file));
  if (fitting.length === 0) return undefined;
  const file = rng.pick(fitting);
  return { file, bytes: mutator.mutate(file, rng), mutator: mutator.name };
}

/** Case `index` of the run with `seed`, over the loaded corpus. */
export function generateCase(
  seed: number,
  index: number,
  corpus: readonly LoadedEntry[],
  bombs: GzipBombs,
): FuzzCase {
  const rng = Prng.forCase(seed, index);
  const node = rng.weighted(corpus.map((entry) => ({ weight: entry.weight, value: entry })));
  const base = { seed, index, corpus: node.name };
  const plan = rng.weighted(PLANS);
  if (plan.kind === "archive") return { ...base, mutator: "archive", ...archiveCase(node, rng, bombs) };
  if (plan.kind === "archive-header") {
    const { how, ...shape } = archiveHeaderCase(node, rng);
    return { ...base, mutator: `archive-header:${how}`, ...shape };
  }
  if (plan.kind === "kdf") return { ...base, mutator: "kdf", ...kdfCase(node, rng) };
  const flood = plan.kind === "flood" ? floodCase(node, rng) : undefined;
  if (flood) return { ...base, mutator: "flood", ...flood };
  const files = mutableFiles(node);
  if (plan.kind === "unchanged") {
    const file = rng.pick(files);
    return {
      ...base,
      mutator: "unchanged",
      replaceAll: false,
      changes: [{ path: file.path, bytes: file.bytes }],
      touched: [],
      target: file.path,
    };
  }
  if (plan.kind === "stacked") {
    let file = rng.pick(files);
    const names: string[] = [];
    for (let round = rng.range(2, 3); round > 0; round--) {
      const mutator = rng.pick(
        [...BYTE_MUTATORS, ...PEM_MUTATORS, ...DER_MUTATORS].filter((m) => m.applies(file)),
      );
      const bytes = mutator.mutate(file, rng);
      file = { path: file.path, bytes, text: decoder.decode(bytes) };
      names.push(mutator.name);
    }
    return {
      ...base,
      mutator: `stacked:${names.join("+")}`,
      replaceAll: false,
      changes: [{ path: file.path, bytes: file.bytes }],
      touched: [file.path],
      target: file.path,
    };
  }
  // A mutator no file of this node fits (or a flood on a node with no self-issued CA) falls back
  // to a format-blind one.
  const mutator = plan.kind === "file" ? plan.mutator : rng.pick(BYTE_MUTATORS);
  const done = mutateOne(files, mutator, rng) ?? mutateOne(files, rng.pick(BYTE_MUTATORS), rng);
  if (!done) throw new Error(`corpus entry ${node.name} has no file to mutate`);
  return {
    ...base,
    mutator: done.mutator,
    replaceAll: false,
    changes: [{ path: done.file.path, bytes: done.bytes }],
    touched: [done.file.path],
    target: done.file.path,
  };
}
