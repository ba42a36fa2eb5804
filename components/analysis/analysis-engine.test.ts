/**
 * The engine outside a browser: Node has no Web Worker, so it must fall back to the main-thread
 * handler, say why, and still answer with real reports from real fixture files.
 */
import { describe, expect, it } from "vitest";
import type { AnalysisFile, AnalysisResponse } from "../../lib/bridge/protocol";
import { FIXTURE_NOW, fixtureDir, readTree } from "../../lib/test-support/fixtures";
import { createAnalysisEngine } from "./analysis-engine";

function files(): AnalysisFile[] {
  return readTree(fixtureDir("healthy")).map((f) => ({ path: f.path, bytes: f.bytes.slice().buffer }));
}

function answered(posted: AnalysisResponse[], id: number): Promise<AnalysisResponse> {
  return new Promise((resolve) => {
    const poll = () => {
      const answer = posted.find((r) => r.id === id && r.type !== "progress");
      if (answer) resolve(answer);
      else setTimeout(poll, 10);
    };
    poll();
  });
}

describe("createAnalysisEngine without Worker support", () => {
  it("runs on the main thread, says why, and answers with a report", async () => {
    const posted: AnalysisResponse[] = [];
    const fallbacks: string[] = [];
    const engine = createAnalysisEngine({
      onResponse: (r) => posted.push(r),
      onFallback: (r) => fallbacks.push(r),
    });
    expect(engine.kind).toBe("main-thread");
    expect(engine.fallbackReason).toMatch(/^no Web Worker could be started: .*Worker/);
    const input = files();
    engine.send({ type: "analyze", id: 1, files: input, now: FIXTURE_NOW, warnDays: 30 });
    const answer = await answered(posted, 1);
    expect(answer.type).toBe("result");
    expect(answer.type === "result" && answer.report.inputs.files).toBe(input.length);
    expect(posted.some((r) => r.type === "progress")).toBe(true);
    // The caller's buffers are still whole: the engine never detaches them.
    expect(input.every((f) => f.bytes.byteLength > 0)).toBe(true);
    expect(fallbacks).toEqual([]);
    engine.terminate();
  });

  it("delivers nothing after terminate, and cancels the run it had", async () => {
    const posted: AnalysisResponse[] = [];
    const engine = createAnalysisEngine({ onResponse: (r) => posted.push(r), onFallback: () => {} });
    engine.send({ type: "analyze", id: 7, files: files(), now: FIXTURE_NOW, warnDays: 30 });
    const before = posted.length;
    engine.terminate();
    engine.send({ type: "analyze", id: 8, files: files(), now: FIXTURE_NOW, warnDays: 30 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(posted.length).toBe(before);
    expect(posted.some((r) => r.type !== "progress")).toBe(false);
  });
});
