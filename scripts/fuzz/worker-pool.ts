/**
 * At most two worker threads running cases under a budget: each has a heap cap
 * (`resourceLimits.maxOldGenerationSizeMb`) and each case a wall-clock limit, past which the thread
 * is terminated and replaced. A hang, a heap blow-up or a crash is an outcome (invariant a or b),
 * never the end of the run.
 */
import { Worker } from "node:worker_threads";
import type { Violation } from "./check-invariants";
import type { FuzzCase, Invariant } from "./fuzz-case";
import type { Baseline, CaseOutcome } from "./run-case";
import { bundleWorker, type WorkerBundle } from "./worker-bundle";
import type { FromWorker, ToWorker } from "./worker-protocol";

export interface PoolOptions {
  workers: number;
  budgetMs: number;
  budgetMb: number;
  checks: readonly Invariant[];
  /** The corpus nodes cases may name, with their healthy reports. */
  baselines: readonly Baseline[];
}

/**
 * A case's outcome as the pool saw it: the worker's (`ms` on the worker's clock, or the wall time
 * when it never answered), plus the wall time from sending to answer.
 */
export interface PoolOutcome extends CaseOutcome {
  wallMs: number;
}

interface Job {
  id: number;
  fuzzCase: FuzzCase;
  /** The case's time budget. */
  budgetMs: number;
  resolve: (outcome: PoolOutcome) => void;
  /** A thread that cannot even start is a bug of the fuzzer, not an outcome. */
  reject: (error: unknown) => void;
}

class Slot {
  private worker!: Worker;
  private ready!: Promise<void>;
  private job: Job | undefined;
  private started = 0;
  private timer: NodeJS.Timeout | undefined;
  private strays: string[] = [];
  private closed = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly workerFile: string,
    private readonly onIdle: () => void,
  ) {
    this.spawn();
  }

  get idle(): boolean {
    return this.job === undefined;
  }

  private spawn(): void {
    const worker = new Worker(this.workerFile, {
      workerData: { checks: this.options.checks, baselines: this.options.baselines },
      resourceLimits: { maxOldGenerationSizeMb: this.options.budgetMb },
    });
    this.worker = worker;
    let booted = false;
    this.ready = new Promise((resolve, reject) => {
      worker.on("message", (message: FromWorker) => {
        if (message.type === "ready") {
          booted = true;
          resolve();
        } else if (message.type === "stray") this.strays.push(message.detail);
        else if (message.type === "rendered") {
          // The tool's part is done; the invariant checks that follow are not on its clock.
          if (this.job?.id === message.id) clearTimeout(this.timer);
        } else if (this.job?.id === message.id) this.finish(message.outcome);
      });
      worker.on("error", (error: Error & { code?: string }) => {
        if (!booted) return reject(error);
        if (!this.job) return;
        const oom = error.code === "ERR_WORKER_OUT_OF_MEMORY";
        this.fail(
          oom
            ? {
                invariant: "b",
                key: "oom",
                detail: `over ${this.options.budgetMb} MB of heap: ${error.message}`,
              }
            : {
                invariant: "a",
                key: `uncaught ${error.name}`,
                detail: `uncaught ${error.name}: ${error.message}`,
              },
        );
      });
      worker.on("exit", (code) => {
        if (this.closed || this.worker !== worker) return;
        if (!booted) reject(new Error(`fuzz worker exited with code ${code} before it was ready`));
        else if (this.job)
          this.fail({ invariant: "a", key: "exit", detail: `worker exited with code ${code}` });
        else this.spawn();
      });
    });
    // start() awaits it and hands a failed start to the job; until then nobody listens.
    this.ready.catch(() => undefined);
  }

  async start(job: Job): Promise<void> {
    this.job = job;
    try {
      await this.ready;
    } catch (error) {
      this.job = undefined;
      job.reject(error);
      return;
    }
    this.strays = [];
    this.started = performance.now();
    // The verdict waits for one turn of the event loop: when this thread was held up past the
    // deadline, an answer that came in meanwhile is taken first.
    this.timer = setTimeout(
      () =>
        setImmediate(() => {
          if (this.job === job)
            this.fail({
              invariant: "b",
              key: "timeout",
              detail: `no answer within ${job.budgetMs} ms`,
            });
        }),
      job.budgetMs,
    );
    this.worker.postMessage({ id: job.id, fuzzCase: job.fuzzCase } satisfies ToWorker);
  }

  private finish(outcome: CaseOutcome): void {
    const job = this.job;
    if (!job) return;
    clearTimeout(this.timer);
    this.job = undefined;
    const wallMs = performance.now() - this.started;
    // Judged on the worker's own clock: time this thread spent elsewhere is not the case's.
    const violations = [
      ...outcome.violations,
      ...this.budgetViolations(job.budgetMs, outcome.ms, outcome.heapMb),
    ];
    for (const detail of this.strays)
      violations.push({
        invariant: "a",
        key: "unhandled rejection",
        detail: `unhandled rejection: ${detail}`,
      });
    job.resolve({ ...outcome, violations, wallMs });
    this.onIdle();
  }

  private budgetViolations(budgetMs: number, ms: number, heapMb: number): Violation[] {
    if (!this.options.checks.includes("b")) return [];
    const out: Violation[] = [];
    if (ms > budgetMs) out.push({ invariant: "b", key: "slow", detail: `took ${ms.toFixed(0)} ms` });
    if (heapMb > this.options.budgetMb)
      out.push({ invariant: "b", key: "heap", detail: `used ${heapMb.toFixed(0)} MB of heap` });
    return out;
  }

  /** Ends the case with one violation and replaces the thread (it may be stuck or dead). */
  private fail(violation: Violation): void {
    const job = this.job;
    if (!job) return;
    clearTimeout(this.timer);
    this.job = undefined;
    const wallMs = performance.now() - this.started;
    const old = this.worker;
    this.spawn();
    void old.terminate();
    const kept = violation.invariant === "b" && !this.options.checks.includes("b") ? [] : [violation];
    job.resolve({ violations: kept, ms: wallMs, wallMs, heapMb: 0, certificates: 0 });
    this.onIdle();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.worker.terminate();
  }
}

/** Runs cases on up to `options.workers` threads (at most 2), first come first served. */
export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 0;

  private constructor(
    private readonly options: PoolOptions,
    private readonly bundle: WorkerBundle,
  ) {
    const count = Math.max(1, Math.min(2, options.workers));
    this.slots = Array.from({ length: count }, () => new Slot(options, bundle.file, () => this.dispatch()));
  }

  /** A pool whose threads run the bundled worker (built first). */
  static async create(options: PoolOptions): Promise<WorkerPool> {
    return new WorkerPool(options, await bundleWorker());
  }

  /** The case's outcome once a thread has run it (or it ran out of budget: the pool's, or `budgetMs`). */
  run(fuzzCase: FuzzCase, budgetMs = this.options.budgetMs): Promise<PoolOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, fuzzCase, budgetMs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.idle) continue;
      const job = this.queue.shift();
      if (!job) return;
      void slot.start(job);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.close()));
    await this.bundle.dispose();
  }
}
