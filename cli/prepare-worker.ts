/**
 * A worker thread of the CLI's prepare pool (prepare-pool.ts): it receives batches of file bytes
 * and answers with what `prepareFile` works out from each, in the same order. Bundled by
 * scripts/build-cli.mjs to cli/dist/prepare-worker.mjs.
 */
import { parentPort } from "node:worker_threads";

import { prepareFile } from "../lib/ingest/prepare-file";
import type { PrepareBatch, PreparedBatch } from "./prepare-pool";

parentPort?.on("message", (batch: PrepareBatch) => {
  const answer: PreparedBatch = {
    id: batch.id,
    prepared: batch.bytes.map((bytes) => prepareFile({ bytes })),
  };
  parentPort?.postMessage(answer);
});
