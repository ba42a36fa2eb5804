import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import type { FuzzCase } from "./fuzz-case";
import { fromReproducer, readReproducers, toReproducer, writeReproducer } from "./reproducer";

const fuzzCase: FuzzCase = {
  seed: 3,
  index: 41,
  corpus: "healthy",
  mutator: "huge-line",
  replaceAll: false,
  changes: [
    { path: "etc/kubernetes/admin.conf", bytes: new TextEncoder().encode("A".repeat(1 << 16)) },
    { path: "etc/kubernetes/pki/sa.pub" },
  ],
  touched: ["etc/kubernetes/admin.conf"],
  target: "etc/kubernetes/admin.conf",
};
const violation = { invariant: "b" as const, key: "timeout", detail: "no answer within 2000 ms" };

describe("reproducers", () => {
  it("replay the case they were written from, a removed file included", () => {
    const back = fromReproducer(
      toReproducer(fuzzCase, violation, { budgetMs: 2000, budgetMb: 512, originalBytes: 5 }),
    );
    expect(back).toEqual(fuzzCase);
  });

  it("are written small, named by invariant and content, and read back from their folder alone", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fuzz-reproducer-"));
    try {
      const reproducer = toReproducer(fuzzCase, violation, {
        budgetMs: 2000,
        budgetMb: 512,
        originalBytes: 5,
      });
      const path = await writeReproducer(dir, reproducer);
      expect(path).toMatch(/\/b-[0-9a-f]{8}\.json$/);
      expect((await readFile(path)).length).toBeLessThan(4096);
      await writeReproducer(join(dir, "open"), reproducer);
      const read = readReproducers(dir);
      expect(read.map((entry) => entry.file)).toEqual([path]);
      expect(read[0]?.reproducer).toEqual(reproducer);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
