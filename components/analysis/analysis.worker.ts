/**
 * The analysis Worker: a shim that hands each message to the pure request handler and posts its
 * answers back. Everything it does is in `lib/bridge/handle-request.ts`, tested in Node.
 */
import { createRequestHandler } from "@/lib/bridge/handle-request";
import type { AnalysisRequest, AnalysisResponse } from "@/lib/bridge/protocol";

/** The part of DedicatedWorkerGlobalScope this shim uses (the app's tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: AnalysisResponse): void;
}

const scope = self as unknown as WorkerScope;
const handle = createRequestHandler(self.crypto, () => self.performance.now());

scope.onmessage = (event) => {
  void handle(event.data, (message) => scope.postMessage(message));
};
