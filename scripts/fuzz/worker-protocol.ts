/** The messages between the fuzzer and its worker threads. */
import type { FuzzCase } from "./fuzz-case";
import type { CaseOutcome } from "./run-case";

export interface ToWorker {
  id: number;
  fuzzCase: FuzzCase;
}

export type FromWorker =
  | { type: "ready" }
  | { type: "done"; id: number; outcome: CaseOutcome }
  /** An unhandled rejection inside the worker, charged to the case running. */
  | { type: "stray"; detail: string };
