/**
 * The analysis Worker: a shim that hands each message to the pure request handler and posts its
 * answers back. Everything it does is in `lib/bridge/handle-request.ts`, tested in Node. Its first
 * import takes its network away (lib/bridge/lock-network.ts): it must stay the first.
 */
import "./lock-worker-network";
import { createRequestHandler } from "@/lib/bridge/handle-request";
import type { WorkerRequest, AnalysisResponse } from "@/lib/bridge/protocol";
import { prepareAheadWith } from "@/lib/ingest/prepare-ahead";
import { portPreparer } from "./port-preparer";

/** The part of DedicatedWorkerGlobalScope this shim uses (the app's tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: AnalysisResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

// A MessageChannel round trip is the cheapest way to let queued messages (a cancel) run: unlike a
// timeout it is never clamped to 4 ms.
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
const yieldToHost = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });

const handle = createRequestHandler(self.crypto, {
  elapsed: () => self.performance.now(),
  yieldToHost,
  inParts: true,
  prepareAheadFor: (request) =>
    request.preparers && request.preparers.length > 0
      ? prepareAheadWith(request.preparers.map(portPreparer))
      : undefined,
});

/** Bytes the page gets are moved, not copied: each answer's buffers are its own. */
function transferables(message: AnalysisResponse): Transferable[] {
  if (message.type === "exported") return [message.bytes];
  if (message.type === "generated") return message.files.map((file) => file.bytes);
  return [];
}

scope.onmessage = (event) => {
  void handle(event.data, (message) => scope.postMessage(message, transferables(message)));
};
