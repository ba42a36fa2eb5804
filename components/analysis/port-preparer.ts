/**
 * The analysis Worker's side of one prepare Worker: a `PrepareRemote` over the port the page gave
 * it. A prepare Worker that never says it is ready (its script refused or failed to load), or that
 * stops answering, is given up on after a while: its batches are then prepared by the analysis
 * itself, so a lost helper makes an analysis slower, never stuck.
 */
import type { PrepareRemote } from "@/lib/ingest/prepare-ahead";
import type { PrepareBatchMessage, PreparedBatchMessage } from "@/lib/bridge/protocol";
import type { PreparedFile } from "@/lib/inventory";

/** How long a prepare Worker may take to start. */
const READY_WITHIN_MS = 5_000;
/** How long one batch may take: a batch is a few hundred small files, prepared in tens of ms. */
const ANSWER_WITHIN_MS = 30_000;

type Settle = { resolve: (prepared: (PreparedFile | undefined)[]) => void; reject: (error: Error) => void };

export function portPreparer(port: MessagePort): PrepareRemote {
  const pending = new Map<number, Settle>();
  let nextId = 0;
  let lost: Error | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    setTimeout(() => reject(new Error("the prepare worker did not start")), READY_WITHIN_MS);
  });
  // Awaited only by batches: an unhandled rejection is not an error here.
  ready.catch(() => undefined);
  const fail = (error: Error) => {
    lost = error;
    for (const settle of pending.values()) settle.reject(error);
    pending.clear();
    port.close();
  };
  port.onmessage = (event: MessageEvent<PreparedBatchMessage>) => {
    const message = event.data;
    if (message.type === "ready") markReady();
    else {
      pending.get(message.id)?.resolve(message.prepared);
      pending.delete(message.id);
    }
  };
  port.onmessageerror = () => fail(new Error("a prepared batch could not be read"));
  return async (bytes) => {
    if (lost) throw lost;
    await ready;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error("the prepare worker stopped answering")),
        ANSWER_WITHIN_MS,
      );
      pending.set(id, {
        resolve: (prepared) => {
          clearTimeout(timer);
          resolve(prepared);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      const message: PrepareBatchMessage = { id, bytes };
      port.postMessage(
        message,
        bytes.map((b) => b.buffer),
      );
    });
  };
}
