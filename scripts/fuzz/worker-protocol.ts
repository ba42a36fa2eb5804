/** The messages between the fuzzer and its worker threads. */
import type { FuzzCase } from "./fuzz-case";
import type { CaseOutcome } from "./run-case";

export interface ToWorker {
  id: number;
  fuzzCase: FuzzCase;
}

export type FromWorker =
  | { type: "ready" }
  /** The analysis and every format are done: the case's clock stops (the checks follow). */
  | { type: "rendered"; id: number }
  | { type: "done"; id: number; outcome: CaseOutcome }
  /** An unhandled rejection inside the worker, charged to the case running. */
  | { type: "stray"; detail: string };
