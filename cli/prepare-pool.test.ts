import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { analyze } from "../lib/analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../lib/test-support/fixtures";
import type { InputFile } from "../lib/inventory";
import { CLI_DIST } from "../scripts/build-cli.mjs";
import { PreparePool } from "./prepare-pool";

describe("PreparePool", () => {
  // The bundle (with its worker entry) is built by Vitest's global setup.
  it("prepares every file in worker threads and the report stays the same", async () => {
    const files = readTree(fixtureDir("healthy"));
    const expected = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
    const pool = new PreparePool({
      startAt: 1,
      batchSize: 4,
      threads: 2,
      workerFile: join(CLI_DIST, "prepare-worker.mjs"),
    });
    for (const file of files) pool.add(file);
    await pool.finish();
    const prepared = files.filter((file: InputFile) => file.prepared !== undefined);
    expect(prepared.length).toBeGreaterThan(files.length / 2);
    expect(await analyze(files, { now: FIXTURE_NOW })).toStrictEqual(expected);
  });

  it("starts no thread below its threshold", async () => {
    const files = readTree(fixtureDir("healthy"));
    const pool = new PreparePool({
      startAt: files.length + 1,
      workerFile: join(CLI_DIST, "prepare-worker.mjs"),
    });
    for (const file of files) pool.add(file);
    await pool.finish();
    expect(files.every((file) => file.prepared === undefined)).toBe(true);
  });
});
