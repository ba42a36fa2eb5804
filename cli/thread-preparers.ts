/**
 * The CLI's other cores, for a large input: worker threads that prepare files (text decoded, PEM
 * blocks read, certificates digested and parsed, YAML parsed — lib/ingest/prepare-file.ts) while
 * the analysis records them in path order (lib/ingest/prepare-ahead.ts). They start only once ingest
 * has a list of at least `fromFiles` files — archives expanded, so a directory of node archives
 * counts its files, not its archives — and stop when `stop()` is called.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

import type { PrepareBatchMessage, PreparedBatchMessage } from "../lib/bridge/protocol";
import { prepareAheadWith, type PrepareAhead, type PrepareRemote } from "../lib/ingest/prepare-ahead";
import type { PreparedFile } from "../lib/inventory";
import { packageFile } from "./package-root";

export interface ThreadPreparersOptions {
  /** Worker threads (default: one per core but the analysis thread's, at most 4). */
  threads?: number;
  /** Fewer files than this are prepared by the analysis alone (default 1,000). */
  fromFiles?: number;
  /** The worker script (default: the bundle's cli/dist/prepare-worker.mjs). */
  workerFile?: string;
}

type Settle = { resolve: (prepared: (PreparedFile | undefined)[]) => void; reject: (error: unknown) => void };

export class ThreadPreparers {
  private readonly threads: number;
  private readonly fromFiles: number;
  private readonly workerFile: string;
  private workers: Worker[] = [];

  constructor(options: ThreadPreparersOptions = {}) {
    this.threads = options.threads ?? Math.min(4, availableParallelism() - 1);
    this.fromFiles = options.fromFiles ?? 1000;
    this.workerFile = options.workerFile ?? packageFile("cli/dist/prepare-worker.mjs");
  }

  /** What `analyze` takes as `prepareAhead`. */
  readonly prepareAhead: PrepareAhead = (files) => {
    // Without the bundle (sources run directly, before a build) the analysis prepares alone.
    if (files.length < this.fromFiles || this.threads < 1 || !existsSync(this.workerFile))
      return () => Promise.resolve();
    return prepareAheadWith(this.start())(files);
  };

  /** Stops the threads (an analysis that is done, or failed). */
  async stop(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private start(): PrepareRemote[] {
    return Array.from({ length: this.threads }, () => {
      const worker = new Worker(this.workerFile);
      this.workers.push(worker);
      // Idle threads do not keep the process alive; `stop` ends them.
      worker.unref();
      const pending = new Map<number, Settle>();
      let nextId = 0;
      worker.on("message", (answer: PreparedBatchMessage) => {
        if (answer.type !== "prepared") return;
        pending.get(answer.id)?.resolve(answer.prepared);
        pending.delete(answer.id);
      });
      // A thread that fails leaves its batches to the analysis: the same report, only slower.
      const fail = (error: unknown) => {
        for (const settle of pending.values()) settle.reject(error);
        pending.clear();
      };
      worker.on("error", fail);
      worker.on("exit", () => fail(new Error("the prepare thread stopped")));
      return (bytes: Uint8Array[]) =>
        new Promise<(PreparedFile | undefined)[]>((resolve, reject) => {
          const id = nextId++;
          pending.set(id, { resolve, reject });
          const message: PrepareBatchMessage = { id, bytes };
          worker.postMessage(
            message,
            bytes.map((b) => b.buffer as ArrayBuffer),
          );
        });
    });
  }
}
