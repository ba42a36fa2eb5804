/**
 * The collector fuzz in CI: a short seeded pass, every way of hiding a key met a few times under
 * dash and under busybox, and no archive holding a private key. The long pass is
 * `npm run fuzz:collect` (scripts/collect-fuzz.ts), or this file with COLLECT_FUZZ_NODES and
 * COLLECT_FUZZ_SEED set.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MUTATIONS } from "./collect-fuzz-node";
import { runCollectFuzz } from "./collect-fuzz-run";

const NODES = Number(process.env.COLLECT_FUZZ_NODES ?? 8);
const SEED = Number(process.env.COLLECT_FUZZ_SEED ?? 1);
const KEYS = 10;

let work = "";
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "k8s-pki-collect-fuzz-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("the collector fuzz", () => {
  it(
    `seed ${SEED}, ${NODES} nodes of ${KEYS} keys: no archive holds a private key`,
    async () => {
      expect(NODES * KEYS).toBeGreaterThanOrEqual(3 * MUTATIONS.length);
      const summary = await runCollectFuzz({
        seed: SEED,
        nodes: NODES,
        keys: KEYS,
        shells: ["dash", "busybox"],
        concurrency: 2,
        work,
      });
      expect(summary.failures).toEqual([]);
      expect(summary).toMatchObject({ nodes: NODES, keys: NODES * KEYS, leaks: 0 });
    },
    60_000 + NODES * 20_000,
  );
});
