import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";

import { loadCorpus } from "./corpus";
import { caseFiles } from "./fuzz-case";
import { FILE_MUTATORS, generateCase } from "./generate-case";
import type { GzipBombs } from "./gzip-bombs";

const corpus = loadCorpus();
// Stand-ins: what matters here is where a bomb goes, not how far it expands.
const bombs: GzipBombs = {
  under: Uint8Array.of(1),
  overEntry: Uint8Array.of(2),
  overTotal: Uint8Array.of(3),
};
const digest = (index: number, seed = 1) => {
  const fuzzCase = generateCase(seed, index, corpus, bombs);
  return JSON.stringify({
    ...fuzzCase,
    changes: fuzzCase.changes.map((c) => [c.path, Buffer.from(c.bytes ?? []).toString("base64")]),
  });
};

describe("generateCase", () => {
  it("makes case i of a seed from (seed, i) alone", () => {
    expect(digest(17)).toBe(digest(17));
    expect(digest(17)).not.toBe(digest(18));
    expect(digest(17, 1)).not.toBe(digest(17, 2));
  });

  it("uses every mutator, archives, their headers, KDF bundles, floods and stacked mutations within 400 cases", () => {
    const seen = new Set(
      Array.from({ length: 400 }, (_, i) => generateCase(3, i, corpus, bombs).mutator.replace(/:.*/, "")),
    );
    const kinds = ["archive", "archive-header", "kdf", "flood", "stacked"];
    for (const name of [...FILE_MUTATORS.map((mutator) => mutator.name), ...kinds])
      expect(seen).toContain(name);
  });

  it("changes one file of the node and keeps the others, unless the node is packed into an archive", () => {
    for (let i = 0; i < 200; i++) {
      const fuzzCase = generateCase(5, i, corpus, bombs);
      const node = corpus.find((entry) => entry.name === fuzzCase.corpus);
      if (!node) throw new Error(`unknown corpus ${fuzzCase.corpus}`);
      const files = caseFiles(fuzzCase, node.files);
      if (fuzzCase.replaceAll) {
        expect(files.map((file) => file.path)).toEqual([fuzzCase.target]);
        continue;
      }
      // The changed file, or the files a case adds beside the node (bundles, floods).
      const changed = new Set(fuzzCase.changes.map((change) => change.path));
      const untouched = files.filter((file) => !changed.has(file.path));
      const originals = new Map(node.files.map((file) => [file.path, file.bytes]));
      for (const file of untouched) expect(file.bytes === originals.get(file.path)).toBe(true);
      expect(untouched.length).toBeGreaterThanOrEqual(node.files.length - 1);
      expect(
        fuzzCase.changes.every((change) => change.path === fuzzCase.target || !originals.has(change.path)),
      ).toBe(true);
    }
  });
});
