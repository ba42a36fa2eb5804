/**
 * A worker thread of the CLI's preparers (thread-preparers.ts): it receives batches of file bytes
 * and answers with what `prepareFile` works out from each, in the same order. Bundled by
 * scripts/build-cli.mjs to cli/dist/prepare-worker.mjs.
 */
import { parentPort } from "node:worker_threads";

import type { PrepareBatchMessage, PreparedBatchMessage } from "../lib/bridge/protocol";
import { prepareFile } from "../lib/ingest/prepare-file";

parentPort?.on("message", (batch: PrepareBatchMessage) => {
  const answer: PreparedBatchMessage = {
    type: "prepared",
    id: batch.id,
    prepared: batch.bytes.map((bytes) => prepareFile({ bytes })),
  };
  parentPort?.postMessage(answer);
});
