/**
 * A prepare Worker: one of the page's pool for a large input. The page hands it one port, to the
 * analysis Worker; it answers each batch of file contents with what `prepareFile` works out from
 * each (lib/ingest/prepare-ahead.ts). Its first import takes its network away, as the analysis
 * Worker's does: it sees the same keys.
 */
import "./lock-worker-network";
import type { PrepareBatchMessage, PreparedBatchMessage } from "@/lib/bridge/protocol";
import { prepareFile } from "@/lib/ingest/prepare-file";

/** The part of DedicatedWorkerGlobalScope this shim uses (the app's tsconfig has DOM types). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<MessagePort>) => void) | null;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const port = event.data;
  port.onmessage = (batch: MessageEvent<PrepareBatchMessage>) => {
    const { id, bytes } = batch.data;
    let answer: PreparedBatchMessage;
    try {
      answer = { type: "prepared", id, prepared: bytes.map((b) => prepareFile({ bytes: b })) };
    } catch {
      // A file this reader cannot prepare (a bug) is left to the analysis, which names it.
      answer = { type: "prepared", id, prepared: [] };
    }
    port.postMessage(answer);
  };
  const ready: PreparedBatchMessage = { type: "ready" };
  port.postMessage(ready);
};
