/**
 * What the page knows about the analysis, as a pure reducer: the hook feeds it the Worker's answers
 * and the input's reading progress; components only read the state. Answers for a request that is
 * no longer the current one are dropped here, so a superseded analysis can never overwrite a newer
 * one. `status` and `progress` are derived from what is under way, so nothing can leave them stuck:
 * reading that ends without an analysis (an empty folder, a failed demo) returns to the last verdict.
 */
import type { AnalyzeProgress } from "@/lib/analysis-progress";
import type { AnalysisResponse } from "@/lib/bridge/protocol";
import type { RenewalPlan } from "@/lib/plan/types";
import type { Report } from "@/lib/report";

/** Reading the chosen files into memory, before the analysis proper: `done` of `total` files read. */
export interface LoadProgress {
  stage: "load";
  done: number;
  total: number;
}

export type AnalysisProgress = LoadProgress | AnalyzeProgress;

export type AnalysisStatus = "idle" | "running" | "done" | "error";

export interface AnalysisState {
  /** running while files are read or an analysis is awaited; otherwise the last outcome. */
  status: AnalysisStatus;
  /** Reading progress while files are read, else the awaited analysis's progress. */
  progress?: AnalysisProgress;
  /** The latest report; kept while a newer analysis runs so the page does not blank. */
  report?: Report;
  /** Id of the analysis that answered with `report`: its exports and its plan are asked for by it. */
  reportId?: number;
  /** The renewal plan of `report`, worked out after it in the engine; undefined until it arrives. */
  plan?: RenewalPlan;
  /** Why the latest analysis failed; cleared when the next one starts. */
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
  /** Files being read, until the last one is. */
  loading?: LoadProgress;
  /** The awaited analysis's last progress. */
  analysisProgress?: AnalyzeProgress;
}

export const INITIAL_ANALYSIS_STATE: AnalysisState = { status: "idle", run: 0, engine: "worker" };

export type AnalysisAction =
  | { type: "loading"; done: number; total: number }
  | { type: "started"; id: number; files: number }
  | { type: "response"; response: AnalysisResponse }
  | { type: "cancelled" }
  | { type: "fallback"; reason: string };

/** Recompute `status` and `progress` from what is under way and the last outcome. */
function derive(state: AnalysisState): AnalysisState {
  const busy = state.loading !== undefined || state.pending !== undefined;
  const status: AnalysisStatus = busy ? "running" : state.error ? "error" : state.report ? "done" : "idle";
  const progress = state.loading ?? (state.pending !== undefined ? state.analysisProgress : undefined);
  return { ...state, status, progress };
}

function onResponse(state: AnalysisState, response: AnalysisResponse): AnalysisState {
  // The plan follows its report, when no analysis may be pending any more.
  if (response.type === "plan")
    return response.id === state.reportId ? { ...state, plan: response.plan } : state;
  if (state.pending === undefined || response.id !== state.pending) return state;
  switch (response.type) {
    case "progress":
      return { ...state, analysisProgress: response.progress };
    case "result":
      return {
        ...state,
        pending: undefined,
        analysisProgress: undefined,
        report: response.report,
        reportId: response.id,
        plan: undefined,
        millis: response.millis,
        run: state.run + 1,
      };
    case "error":
      // The shown report no longer matches the files the person chose, so it goes with the error.
      return {
        ...state,
        pending: undefined,
        analysisProgress: undefined,
        error: response.message,
        report: undefined,
        reportId: undefined,
        plan: undefined,
        millis: undefined,
      };
    case "cancelled":
      return { ...state, pending: undefined, analysisProgress: undefined };
    case "identity":
      // Answers a drop's CA question, which the hook settles; never a report's state.
      return state;
    case "generated":
    case "what-if":
    case "diff":
    case "exported":
    // Parts are joined in the engine before they reach the state.
    case "report-part":
    case "result-end":
    case "plan-part":
    case "plan-end":
      return state;
  }
}

function apply(state: AnalysisState, action: AnalysisAction): AnalysisState {
  switch (action.type) {
    case "loading":
      return {
        ...state,
        loading:
          action.done < action.total ? { stage: "load", done: action.done, total: action.total } : undefined,
      };
    case "started":
      return {
        ...state,
        pending: action.id,
        loading: undefined,
        error: undefined,
        analysisProgress: { stage: "read", done: 0, total: action.files },
      };
    case "response":
      return onResponse(state, action.response);
    case "cancelled":
      return { ...state, pending: undefined, loading: undefined, analysisProgress: undefined };
    case "fallback":
      return { ...state, engine: "main-thread", engineNote: action.reason };
  }
}

/** The next state for an action. */
export function analysisReducer(state: AnalysisState, action: AnalysisAction): AnalysisState {
  const next = apply(state, action);
  return next === state ? state : derive(next);
}
