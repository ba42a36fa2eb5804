/**
 * The engine outside a browser: Node has no Web Worker, so it must fall back to the main-thread
 * handler, say why, and still answer with real reports from real fixture files. Then the Worker
 * started ahead of the engine, with a stand-in Worker class (Node has none): the engine takes it
 * over, and a failure it had before that sends the engine to the main thread with the reason.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnalysisFile, AnalysisResponse } from "@/lib/bridge/protocol";
import { FIXTURE_NOW, fixtureDir, readTree } from "@/lib/test-support/fixtures";
import { createAnalysisEngine, prestartAnalysisWorker } from "./analysis-engine";

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

/** Stands in for the browser's Worker: records what is made of it, posts nothing back. */
class StandInWorker extends EventTarget {
  static made: StandInWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor(readonly url: URL) {
    super();
    StandInWorker.made.push(this);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** What the browser does when the script cannot be loaded. */
  fail(message: string): void {
    this.dispatchEvent(Object.assign(new Event("error", { cancelable: true }), { message }));
  }
}

describe("a Worker started ahead of the engine", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    StandInWorker.made = [];
  });

  function inBrowser(): void {
    vi.stubGlobal("window", globalThis);
    vi.stubGlobal("Worker", StandInWorker);
  }

  it("is taken over by the first engine; the next engine starts its own", () => {
    inBrowser();
    prestartAnalysisWorker();
    prestartAnalysisWorker();
    expect(StandInWorker.made).toHaveLength(1);
    const first = createAnalysisEngine({ onResponse: () => {}, onFallback: () => {} });
    expect(first.kind).toBe("worker");
    expect(StandInWorker.made).toHaveLength(1);
    first.send({ type: "analyze", id: 1, files: files(), now: FIXTURE_NOW, warnDays: 30 });
    expect(StandInWorker.made[0]?.posted).toHaveLength(1);
    const second = createAnalysisEngine({ onResponse: () => {}, onFallback: () => {} });
    expect(StandInWorker.made).toHaveLength(2);
    first.terminate();
    second.terminate();
    expect(StandInWorker.made.every((worker) => worker.terminated)).toBe(true);
  });

  it("that failed before it was taken over sends the engine to the main thread, with the reason", async () => {
    inBrowser();
    prestartAnalysisWorker();
    StandInWorker.made[0]?.fail("its script could not be fetched");
    const posted: AnalysisResponse[] = [];
    const engine = createAnalysisEngine({ onResponse: (r) => posted.push(r), onFallback: () => {} });
    expect(engine.kind).toBe("main-thread");
    expect(engine.fallbackReason).toBe("the analysis worker stopped: its script could not be fetched");
    expect(StandInWorker.made[0]?.terminated).toBe(true);
    engine.send({ type: "analyze", id: 3, files: files(), now: FIXTURE_NOW, warnDays: 30 });
    expect((await answered(posted, 3)).type).toBe("result");
    engine.terminate();
  });

  it("is not started outside a browser", () => {
    vi.stubGlobal("Worker", StandInWorker);
    prestartAnalysisWorker();
    expect(StandInWorker.made).toHaveLength(0);
  });
});
