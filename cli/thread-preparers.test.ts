import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { analyze } from "../lib/analyze";
import { FIXTURE_NOW, healthyWithKubeletCopies } from "../lib/test-support/fixtures";
import type { InputFile } from "../lib/inventory";
import { CLI_DIST } from "../scripts/build-cli.mjs";
import { ThreadPreparers } from "./thread-preparers";

const WORKER = join(CLI_DIST, "prepare-worker.mjs");

describe("ThreadPreparers", () => {
  // The bundle (with its worker entry) is built by Vitest's global setup.
  it("prepares files in worker threads while the analysis reads them; the report stays the same", async () => {
    const expected = await analyze(healthyWithKubeletCopies(60), { now: FIXTURE_NOW });
    const preparers = new ThreadPreparers({ threads: 2, fromFiles: 1, workerFile: WORKER });
    const files = healthyWithKubeletCopies(60);
    const seen: InputFile[] = [];
    const report = await analyze(files, {
      now: FIXTURE_NOW,
      prepareAhead: (list) => {
        for (const file of list) if (file) seen.push(file);
        return preparers.prepareAhead(list);
      },
    }).finally(() => preparers.stop());
    expect(report).toStrictEqual(expected);
    // Threads answered for some of the files (ingest takes the first batch itself).
    expect(seen.filter((file) => file.prepared !== undefined).length).toBeGreaterThan(100);
  });

  it("starts no thread below its threshold", async () => {
    const preparers = new ThreadPreparers({ threads: 2, fromFiles: 10_000, workerFile: WORKER });
    const files = healthyWithKubeletCopies(2);
    const ready = preparers.prepareAhead(files);
    await ready(0);
    await preparers.stop();
    expect(files.every((file) => file.prepared === undefined)).toBe(true);
  });
});
