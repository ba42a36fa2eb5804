/**
 * Progress and cancellation for a long analysis. A browser drop of a whole fleet's PKI takes seconds,
 * so the core reports how far each stage got and stops between units of work when the person has
 * moved on. Both hooks are optional plain callbacks: the core stays free of timers and messaging.
 */

/** The stages of an analysis in order: parsing files, verifying chains, running rules and building the report. */
export type AnalyzeStage = "read" | "verify" | "report";

/** How far one stage got: `done` units (files, chain verifications, rules) of `total`. */
export interface AnalyzeProgress {
  stage: AnalyzeStage;
  done: number;
  total: number;
}

/** The optional hooks `analyze` threads through its stages. */
export interface ProgressHooks {
  onProgress?: (progress: AnalyzeProgress) => void;
  /** Checked between files and between verifications; true stops the analysis. */
  isCancelled?: () => boolean;
  /**
   * Awaited before each `isCancelled` check. A Worker only sees a cancel message when its event
   * loop gets a turn, and parsing files gives it none; the host yields here (as often as it sees fit).
   */
  pause?: () => Promise<void>;
}

/**
 * Thrown (rejected) when `isCancelled` returned true. The one exception that is not a bug: a caller
 * that cancels expects it and tells it apart with `instanceof` or its `name`.
 */
export class AnalysisCancelled extends Error {
  override readonly name = "AnalysisCancelled";

  constructor(stage: AnalyzeStage) {
    super(`analysis cancelled during ${stage}`);
  }
}

/** Most progress calls a stage makes, so a Worker posts a bounded number of messages. */
export const MAX_PROGRESS_CALLS = 50;

/** Counts one stage's work and reports it. */
export interface StageTracker {
  /** Lets the host pause, then rejects with `AnalysisCancelled` if the caller has cancelled; await before each unit of work. */
  checkpoint(): Promise<void>;
  /** One unit of work done; reports progress at a coarse step and always at the end. */
  advance(): void;
}

/**
 * Start tracking a stage of `total` units: reports `done: 0` at once, then every
 * `ceil(total / 49)` units and at `total`, which keeps a stage at most `MAX_PROGRESS_CALLS` calls.
 */
export function trackStage(stage: AnalyzeStage, total: number, hooks: ProgressHooks = {}): StageTracker {
  const step = Math.max(1, Math.ceil(total / (MAX_PROGRESS_CALLS - 1)));
  let done = 0;
  const report = () => hooks.onProgress?.({ stage, done, total });
  report();
  return {
    async checkpoint() {
      if (hooks.pause) await hooks.pause();
      if (hooks.isCancelled?.()) throw new AnalysisCancelled(stage);
    },
    advance() {
      done += 1;
      if (done === total || done % step === 0) report();
    },
  };
}
