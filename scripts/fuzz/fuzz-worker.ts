/**
 * The worker thread that runs cases: given the corpus nodes and their healthy reports, it says it
 * is ready, then runs each case it is sent and posts the outcome. Running here, a case that
 * hangs or exhausts the heap ends this thread, not the fuzzer.
 */
import { parentPort, workerData } from "node:worker_threads";
import { analyze } from "../../lib/analyze";
import type { FuzzCase, Invariant } from "./fuzz-case";
import { type Baseline, runCase } from "./run-case";
import type { FromWorker, ToWorker } from "./worker-protocol";

const port = parentPort;
if (!port) throw new Error("fuzz-worker.ts runs as a worker thread");
const data = workerData as { checks: Invariant[]; baselines: Baseline[] };
const enabled = new Set(data.checks);
const baselines = new Map(data.baselines.map((baseline) => [baseline.entry.name, baseline]));

// A promise nobody awaited that rejects belongs to the case running now: it breaks invariant a.
process.on("unhandledRejection", (reason) => {
  const detail = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  port.postMessage({ type: "stray", detail } satisfies FromWorker);
});

// One untimed analysis first, so the first timed case does not pay for compiling the analysis.
const [warmUp] = data.baselines;
if (warmUp) await analyze(warmUp.entry.files, { now: warmUp.entry.now });
port.postMessage({ type: "ready" } satisfies FromWorker);

port.on("message", (message: ToWorker) => {
  void handle(message.id, message.fuzzCase);
});

async function handle(id: number, fuzzCase: FuzzCase): Promise<void> {
  const baseline = baselines.get(fuzzCase.corpus);
  if (!baseline) throw new Error(`no baseline for corpus entry ${fuzzCase.corpus}`);
  const outcome = await runCase(fuzzCase, baseline, enabled, () =>
    port?.postMessage({ type: "rendered", id } satisfies FromWorker),
  );
  port?.postMessage({ type: "done", id, outcome } satisfies FromWorker);
}
