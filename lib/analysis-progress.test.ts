/**
 * Progress and cancellation: the stage tracker's bounds, and `analyze` on real fixture files
 * reporting read → verify → report and stopping with `AnalysisCancelled` when asked to.
 */
import { describe, expect, it } from "vitest";
import {
  AnalysisCancelled,
  MAX_PROGRESS_CALLS,
  trackStage,
  type AnalyzeProgress,
  type AnalyzeStage,
} from "./analysis-progress";
import { analyze } from "./analyze";
import type { InputFile } from "./inventory";
import { FIXTURE_NOW, fixtureDir, readTree } from "./test-support/fixtures";

describe("trackStage", () => {
  it.each([0, 1, 2, 10, 48, 49, 50, 51, 97, 98, 99, 100, 1000, 12345])(
    "a stage of %i units reports at most 50 times, from 0 to its total",
    (total) => {
      const calls: AnalyzeProgress[] = [];
      const tracker = trackStage("read", total, { onProgress: (p) => calls.push(p) });
      for (let i = 0; i < total; i++) tracker.advance();
      expect(calls.length).toBeLessThanOrEqual(MAX_PROGRESS_CALLS);
      expect(calls[0]).toEqual({ stage: "read", done: 0, total });
      expect(calls.at(-1)).toEqual({ stage: "read", done: total, total });
      const dones = calls.map((c) => c.done);
      expect(dones).toEqual([...dones].sort((a, b) => a - b));
      expect(new Set(dones).size).toBe(dones.length);
    },
  );

  it("reports every unit when there are few", () => {
    const calls: number[] = [];
    const tracker = trackStage("verify", 3, { onProgress: (p) => calls.push(p.done) });
    tracker.advance();
    tracker.advance();
    tracker.advance();
    expect(calls).toEqual([0, 1, 2, 3]);
  });

  it("checkpoint rejects with AnalysisCancelled only once cancelled", async () => {
    let cancelled = false;
    const tracker = trackStage("verify", 2, { isCancelled: () => cancelled });
    await expect(tracker.checkpoint()).resolves.toBeUndefined();
    cancelled = true;
    await expect(tracker.checkpoint()).rejects.toBeInstanceOf(AnalysisCancelled);
    await expect(tracker.checkpoint()).rejects.toThrow("analysis cancelled during verify");
  });

  it("checkpoint awaits pause before asking isCancelled, so a cancel taken in during the pause counts", async () => {
    const order: string[] = [];
    let cancelled = false;
    const tracker = trackStage("read", 1, {
      pause: async () => {
        order.push("pause");
        cancelled = true;
      },
      isCancelled: () => {
        order.push("isCancelled");
        return cancelled;
      },
    });
    await expect(tracker.checkpoint()).rejects.toBeInstanceOf(AnalysisCancelled);
    expect(order).toEqual(["pause", "isCancelled"]);
  });

  it("works without hooks", async () => {
    const tracker = trackStage("report", 1);
    await expect(tracker.checkpoint()).resolves.toBeUndefined();
    expect(() => tracker.advance()).not.toThrow();
  });
});

const STAGES: AnalyzeStage[] = ["read", "verify", "report"];
const healthy = readTree(fixtureDir("healthy"));

/** Five copies of the healthy node under node-1/ … node-5/: more files than progress calls. */
function fiveNodes(): InputFile[] {
  return [1, 2, 3, 4, 5].flatMap((n) => healthy.map((f) => ({ ...f, path: `node-${n}/${f.path}` })));
}

function byStage(calls: AnalyzeProgress[]): Map<AnalyzeStage, AnalyzeProgress[]> {
  const stages = new Map<AnalyzeStage, AnalyzeProgress[]>();
  for (const call of calls) stages.set(call.stage, [...(stages.get(call.stage) ?? []), call]);
  return stages;
}

describe("analyze with onProgress", () => {
  it.each([
    { name: "one healthy node", files: healthy },
    { name: "five healthy nodes", files: fiveNodes() },
  ])("$name: stages in order, each from 0 to its total, at most 50 calls each", async ({ files }) => {
    const calls: AnalyzeProgress[] = [];
    const report = await analyze(files, { now: FIXTURE_NOW, onProgress: (p) => calls.push(p) });
    const stages = byStage(calls);
    expect([...stages.keys()]).toEqual(STAGES);
    const rank = calls.map((c) => STAGES.indexOf(c.stage));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
    for (const [stage, list] of stages) {
      expect(list.length, stage).toBeLessThanOrEqual(MAX_PROGRESS_CALLS);
      expect(list[0]?.done, stage).toBe(0);
      const last = list.at(-1);
      expect(last?.done, stage).toBe(last?.total);
      expect(last?.total, stage).toBeGreaterThan(0);
    }
    expect(stages.get("read")?.[0]?.total).toBe(files.length);
    expect(report.inputs.files).toBe(files.length);
    const verifications = report.relationships.reduce((sum, r) => sum + r.chains.length, 0);
    expect(stages.get("verify")?.[0]?.total).toBe(verifications);
  });

  it("yields the same report as without hooks", async () => {
    const plain = await analyze(healthy, { now: FIXTURE_NOW });
    const hooked = await analyze(healthy, {
      now: FIXTURE_NOW,
      onProgress: () => {},
      isCancelled: () => false,
    });
    expect(hooked).toEqual(plain);
  });
});

describe("analyze with isCancelled", () => {
  it.each<{ name: string; cancelAt: (p: AnalyzeProgress) => boolean; stage: AnalyzeStage }>([
    { name: "before the first file", cancelAt: () => true, stage: "read" },
    {
      name: "half-way through the files",
      cancelAt: (p) => p.stage === "read" && p.done >= p.total / 2,
      stage: "read",
    },
    {
      name: "once chains are being verified",
      cancelAt: (p) => p.stage === "verify" && p.done > 0,
      stage: "verify",
    },
    { name: "while the rules run", cancelAt: (p) => p.stage === "report", stage: "report" },
  ])("rejects with AnalysisCancelled $name", async ({ cancelAt, stage }) => {
    let cancelled = false;
    const seen: AnalyzeProgress[] = [];
    const run = analyze(healthy, {
      now: FIXTURE_NOW,
      onProgress: (p) => {
        seen.push(p);
        if (cancelAt(p)) cancelled = true;
      },
      isCancelled: () => cancelled,
    });
    await expect(run).rejects.toBeInstanceOf(AnalysisCancelled);
    await expect(run).rejects.toThrow(`analysis cancelled during ${stage}`);
    expect(seen.at(-1)?.stage).toBe(stage);
    expect(seen.some((p) => p.stage === "report" && p.done === p.total)).toBe(false);
  });

  it("is asked between files, not once for the whole run", async () => {
    let asked = 0;
    await analyze(healthy, {
      now: FIXTURE_NOW,
      isCancelled: () => {
        asked += 1;
        return false;
      },
    });
    expect(asked).toBeGreaterThan(healthy.length);
  });
});
