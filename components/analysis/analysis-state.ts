/**
 * What the page knows about the analysis, as a pure reducer: the hook feeds it the Worker's answers
 * and the input's reading progress; components only read the state. Answers for a request that is
 * no longer the current one are dropped here, so a superseded analysis can never overwrite a newer one.
 */
import type { AnalyzeProgress } from "../../lib/analysis-progress";
import type { AnalysisResponse } from "../../lib/bridge/protocol";
import type { Report } from "../../lib/report";

/** Reading the dropped files into memory, before the analysis proper: `done` of `total` files read. */
export interface LoadProgress {
  stage: "load";
  done: number;
  total: number;
}

export type AnalysisProgress = LoadProgress | AnalyzeProgress;

export type AnalysisStatus = "idle" | "running" | "done" | "error";

export interface AnalysisState {
  status: AnalysisStatus;
  progress?: AnalysisProgress;
  /** The latest report; kept while a newer analysis runs so the page does not blank. */
  report?: Report;
  error?: string;
  /** Increments once per new report, for `data-analysis-run`. */
  run: number;
  /** How long the latest report took inside the engine. */
  millis?: number;
  /** Where analyses run: a Worker, or the page itself when no Worker could be started. */
  engine: "worker" | "main-thread";
  /** Why the analysis runs on the main thread, when it does. */
  engineNote?: string;
  /** Id of the request whose answers are awaited; answers for any other id are stale. */
  pending?: number;
}

export const INITIAL_ANALYSIS_STATE: AnalysisState = { status: "idle", run: 0, engine: "worker" };

export type AnalysisAction =
  | { type: "loading"; done: number; total: number }
  | { type: "started"; id: number; files: number }
  | { type: "response"; response: AnalysisResponse }
  | { type: "cancelled" }
  | { type: "fallback"; reason: string };

/** Status to return to when nothing runs any more: done if a report is shown, idle otherwise. */
function settled(state: AnalysisState): AnalysisState {
  return { ...state, status: state.report ? "done" : "idle", pending: undefined, progress: undefined };
}

function onResponse(state: AnalysisState, response: AnalysisResponse): AnalysisState {
  if (state.pending === undefined || response.id !== state.pending) return state;
  switch (response.type) {
    case "progress":
      return { ...state, progress: response.progress };
    case "result":
      return {
        ...settled(state),
        status: "done",
        report: response.report,
        millis: response.millis,
        run: state.run + 1,
      };
    case "error":
      // The shown report no longer matches the files the person chose, so it goes with the error.
      return {
        ...settled(state),
        status: "error",
        error: response.message,
        report: undefined,
        millis: undefined,
      };
    case "cancelled":
      return settled(state);
  }
}

/** The next state for an action. */
export function analysisReducer(state: AnalysisState, action: AnalysisAction): AnalysisState {
  switch (action.type) {
    case "loading":
      return {
        ...state,
        status: "running",
        pending: undefined,
        error: undefined,
        progress: { stage: "load", done: action.done, total: action.total },
      };
    case "started":
      return {
        ...state,
        status: "running",
        pending: action.id,
        error: undefined,
        progress: { stage: "read", done: 0, total: action.files },
      };
    case "response":
      return onResponse(state, action.response);
    case "cancelled":
      return settled(state);
    case "fallback":
      return { ...state, engine: "main-thread", engineNote: action.reason };
  }
}
