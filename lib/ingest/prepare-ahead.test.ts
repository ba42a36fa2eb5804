import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { FIXTURE_NOW, healthyWithKubeletCopies } from "../test-support/fixtures";
import type { PreparedFile } from "../inventory";
import { prepareAheadWith, type PrepareRemote } from "./prepare-ahead";
import { prepareFile } from "./prepare-file";

/**
 * A preparer on the other side of a message: the real `prepareFile`, answered after `delayMs`
 * through a structured clone, as a Worker's answer arrives. It records the batches it was given.
 */
function remote(delayMs: number, seen: number[][] = []): PrepareRemote {
  return async (bytes) => {
    seen.push(bytes.map((b) => b.length));
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return structuredClone(bytes.map((b) => prepareFile({ bytes: b }))) as (PreparedFile | undefined)[];
  };
}

describe("prepareAheadWith", () => {
  it("gives the report ingest gives alone, with fast, slow and failing preparers", async () => {
    const alone = await analyze(healthyWithKubeletCopies(40), { now: FIXTURE_NOW });
    const fast: number[][] = [];
    const failing: PrepareRemote = () => Promise.reject(new Error("the worker stopped"));
    for (const preparers of [[remote(0, fast)], [remote(0), remote(20)], [failing, remote(1)]]) {
      const files = healthyWithKubeletCopies(40);
      const report = await analyze(files, {
        now: FIXTURE_NOW,
        prepareAhead: prepareAheadWith(preparers, { batchSize: 8 }),
      });
      expect(report).toStrictEqual(alone);
    }
    // The pool did take batches, never the one ingest starts with, and each at most 8 files.
    expect(fast.length).toBeGreaterThan(3);
    expect(fast.every((batch) => batch.length <= 8)).toBe(true);
  });

  it("attaches what a preparer answers, and leaves ingest the batches nobody took", async () => {
    const files = healthyWithKubeletCopies(5);
    const ready = prepareAheadWith([remote(0)], { batchSize: 4, inFlight: 1 })(files);
    // Ingest at the first file takes batch 0 itself; the preparer holds batch 1.
    await ready(0);
    expect(files.slice(0, 4).every((file) => file.prepared === undefined)).toBe(true);
    await ready(4);
    expect(
      files
        .slice(4, 8)
        .filter((file) => file.bytes.length > 0)
        .every((file) => file.prepared),
    ).toBe(true);
  });
});
