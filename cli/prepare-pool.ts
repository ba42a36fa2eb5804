/**
 * The CLI's other cores at work while it reads: files are handed to worker threads in batches as
 * they come off the disk, and each comes back prepared (text decoded, PEM blocks read,
 * certificates digested and parsed, YAML parsed — lib/ingest/prepare-file.ts), so the analysis
 * thread only records results. A small input never starts a thread: below `startAt` files the
 * analysis prepares everything itself, with the same report either way.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

import type { InputFile, PreparedFile } from "../lib/inventory";
import { packageFile } from "./package-root";

/** One batch of file bytes for a worker. */
export interface PrepareBatch {
  id: number;
  bytes: Uint8Array[];
}

/** A worker's answer: one entry per file of the batch, in order. */
export interface PreparedBatch {
  id: number;
  prepared: (PreparedFile | undefined)[];
}

export interface PreparePoolOptions {
  /** Files read before the threads start (default 1,000); fewer files are prepared by the analysis. */
  startAt?: number;
  /** Files per message (default 256). */
  batchSize?: number;
  /** Worker threads (default: one per core but the reading thread's, at least 1, at most 4). */
  threads?: number;
  /** The worker script (default: the bundle's cli/dist/prepare-worker.mjs). */
  workerFile?: string;
}

export class PreparePool {
  private readonly startAt: number;
  private readonly batchSize: number;
  private readonly threads: number;
  private readonly workerFile: string;
  private readonly waiting: InputFile[] = [];
  private readonly sent = new Map<number, InputFile[]>();
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();
  private readonly answers: Promise<void>[] = [];
  private workers: Worker[] = [];
  private nextId = 0;
  private seen = 0;

  constructor(options: PreparePoolOptions = {}) {
    this.startAt = options.startAt ?? 1000;
    this.batchSize = options.batchSize ?? 256;
    this.threads = options.threads ?? Math.min(4, Math.max(1, availableParallelism() - 1));
    this.workerFile = options.workerFile ?? packageFile("cli/dist/prepare-worker.mjs");
  }

  /** A file just read: queued, and sent once a batch is full and the pool has started. */
  add(file: InputFile): void {
    this.seen++;
    this.waiting.push(file);
    if (this.workers.length === 0 && this.seen >= this.startAt) this.start();
    if (this.workers.length > 0 && this.waiting.length >= this.batchSize) this.send();
  }

  /**
   * Sends what is left, waits for every answer and attaches each file's preparation as
   * `file.prepared`; the threads are stopped. Files the pool never sent stay as they were.
   */
  async finish(): Promise<void> {
    if (this.workers.length > 0 && this.waiting.length > 0) this.send();
    try {
      await Promise.all(this.answers);
    } finally {
      await Promise.all(this.workers.map((worker) => worker.terminate()));
      this.workers = [];
    }
  }

  private start(): void {
    // Without the bundle (sources run directly, before a build) the analysis prepares alone.
    if (!existsSync(this.workerFile)) return;
    this.workers = Array.from({ length: this.threads }, () => {
      const worker = new Worker(this.workerFile);
      worker.on("message", (answer: PreparedBatch) => {
        this.attach(answer);
        this.pending.get(answer.id)?.resolve();
        this.pending.delete(answer.id);
      });
      // A worker that fails is a bug: the audit fails with it rather than guess.
      worker.on("error", (error) => {
        for (const { reject } of this.pending.values()) reject(error);
        this.pending.clear();
      });
      return worker;
    });
  }

  private send(): void {
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length];
    if (!worker) return;
    const files = this.waiting.splice(0);
    this.sent.set(id, files);
    this.answers.push(new Promise<void>((resolve, reject) => this.pending.set(id, { resolve, reject })));
    const batch: PrepareBatch = { id, bytes: files.map((file) => file.bytes) };
    worker.postMessage(batch);
  }

  private attach(answer: PreparedBatch): void {
    const files = this.sent.get(answer.id) ?? [];
    this.sent.delete(answer.id);
    files.forEach((file, i) => {
      const prepared = answer.prepared[i];
      if (prepared) file.prepared = prepared;
    });
  }
}
