"use client";
/**
 * The one hook that owns the analysis engine: it creates the engine in an effect (on the Worker
 * started when this module loaded), terminates it on unmount, numbers requests so only the newest
 * one's answers reach the state, and exposes plain calls. Components never see the Worker or post
 * messages.
 */
import { startTransition, useCallback, useEffect, useReducer, useRef } from "react";
import type { AnalysisFile, AnalysisResponse, ExportFormat, WhatIfView } from "@/lib/bridge/protocol";
import type { WhatIfAction } from "@/lib/whatif/actions";
import type { AuthorityKeys } from "@/lib/cluster/authority-keys";
import type { Policy } from "@/lib/policy/policy";
import { createAnalysisEngine, prestartAnalysisWorker, type AnalysisEngine } from "./analysis-engine";
import { analysisReducer, INITIAL_ANALYSIS_STATE, type AnalysisState } from "./analysis-state";
import { PendingQuestions } from "./pending-questions";

// The Worker loads and compiles the whole analysis core before it can answer: start it as soon as
// the page's scripts run, not after hydration, so that it is ready when the first files are.
prestartAnalysisWorker();

/** How often the progress line may re-render the workbench while an analysis runs. */
const PROGRESS_EVERY_MS = 100;

export interface AnalyzeRequestOptions {
  /** Judge date, ISO 8601. */
  now: string;
  warnDays: number;
  warnFraction?: number;
  caHorizonDays?: number;
  /** Passwords for password-protected PKCS#12 files: kept in memory, never stored. */
  passwords?: string[];
  /** The audit policy; absent: the built-in one. */
  policy?: Policy;
}

export interface AnalysisControls {
  state: AnalysisState;
  /** Analyse these files; supersedes whatever runs. The caller's buffers stay usable. */
  analyze: (files: AnalysisFile[], options: AnalyzeRequestOptions) => void;
  /**
   * Files are being read (a drop, a folder, the demo): shows "read done of total" until done reaches
   * total. It does not touch a running analysis; the next `analyze` supersedes that.
   */
  reportLoading: (done: number, total: number) => void;
  /** Stop the running analysis; the last report stays. */
  cancel: () => void;
  /**
   * Which CA keys these files carry, read in the engine beside any running analysis (which it
   * neither supersedes nor cancels). Files that cannot be read give no keys rather than an error.
   */
  identify: (files: AnalysisFile[], passwords?: string[]) => Promise<AuthorityKeys>;
  /**
   * Generate a break-it scenario's files (or the healthy demo's) on the demo's own files, in the
   * engine beside any analysis: the files, or why not.
   */
  generate: (choice: string, keyFiles: AnalysisFile[]) => Promise<AnalysisFile[] | string>;
  /**
   * The shown report as a file (the CLI's JSON or Markdown), made in the engine where the report is:
   * its UTF-8 bytes, or why not.
   */
  exportReport: (format: ExportFormat) => Promise<ArrayBuffer | string>;
  /**
   * Compare `files` (the shown drop, judged with `options`) with an earlier snapshot, in the engine:
   * the comparison and its Markdown, or why not.
   */
  compare: (
    oldFiles: AnalysisFile[],
    files: AnalysisFile[],
    options: AnalyzeRequestOptions,
  ) => Promise<DiffAnswer | string>;
  /** Simulate `actions` on a copy of `files` in the engine: the steps, or why not. Files are not changed. */
  whatIf: (
    files: AnalysisFile[],
    actions: WhatIfAction[],
    options: AnalyzeRequestOptions,
  ) => Promise<WhatIfView | string>;
}

interface CurrentRequest {
  id: number;
  files: AnalysisFile[];
  options: AnalyzeRequestOptions;
}

/** What a lost Worker leaves a question about a file's keys: nothing can be told. */
const NO_KEYS: AuthorityKeys = { keys: [], authorities: [] };
const STOPPED = "the analysis worker stopped";

/** The Worker's error message for a question it could not answer, else `missing`. */
function failure(response: AnalysisResponse, missing: string): string {
  return response.type === "error" ? response.message : missing;
}

const generatedFiles = (response: AnalysisResponse) =>
  response.type === "generated" ? response.files : failure(response, "no files came back");

const whatIfResult = (response: AnalysisResponse) =>
  response.type === "what-if" ? response.result : failure(response, "no simulation came back");

/** What a comparison answers: the diff (or why the snapshots cannot be compared) and its Markdown. */
export type DiffAnswer = Extract<AnalysisResponse, { type: "diff" }>;

const diffAnswer = (response: AnalysisResponse) =>
  response.type === "diff" ? response : failure(response, "no comparison came back");

const exportedBytes = (response: AnalysisResponse) =>
  response.type === "exported" ? response.bytes : failure(response, "no file came back");

/** Owns the analysis engine for the component that calls it (the workbench). */
export function useAnalysis(): AnalysisControls {
  const [state, dispatch] = useReducer(analysisReducer, INITIAL_ANALYSIS_STATE);
  const engine = useRef<AnalysisEngine | null>(null);
  const current = useRef<CurrentRequest | null>(null);
  const nextId = useRef(1);
  // Ids come from the same counter as analyses, so an answer is never mistaken for the other kind.
  const questions = useRef(new PendingQuestions());
  const latestProgress = useRef<AnalysisResponse | undefined>(undefined);
  const progressTimer = useRef<number | undefined>(undefined);
  /** The shown report's analysis id, for exports (state is not read in callbacks). */
  const reportId = useRef<number | undefined>(undefined);

  const send = useCallback((request: CurrentRequest) => {
    const { id, files, options } = request;
    engine.current?.send({ type: "analyze", id, files, ...options });
  }, []);

  const startEngine = useCallback(() => {
    const created = createAnalysisEngine({
      onResponse: (response) => {
        if (questions.current.answer(response)) return;
        const awaited = current.current?.id === response.id;
        if (response.type !== "progress" && awaited) current.current = null;
        if (response.type === "progress") {
          // At most one progress render per PROGRESS_EVERY_MS: a Worker posts far more often, and
          // each one re-renders the workbench.
          latestProgress.current = response;
          progressTimer.current ??= window.setTimeout(() => {
            progressTimer.current = undefined;
            const progress = latestProgress.current;
            latestProgress.current = undefined;
            if (progress) dispatch({ type: "response", response: progress });
          }, PROGRESS_EVERY_MS);
          return;
        }
        // Only the awaited request's report is shown (the state drops older ones), and only it is exported.
        if (response.type === "result" && awaited) reportId.current = response.id;
        // A large report or plan takes many components a while to render: as a transition React
        // renders it in slices between which the page still paints and answers.
        if (response.type === "result" || response.type === "plan")
          startTransition(() => dispatch({ type: "response", response }));
        else dispatch({ type: "response", response });
      },
      onFallback: (reason) => {
        dispatch({ type: "fallback", reason });
        // Questions the Worker was answering are lost with it: "cannot tell" for the keys of a
        // file, "stopped" for a generation or an export (the report the Worker kept for exports is
        // gone with it; the rerun below answers again).
        questions.current.abandon();
        // The request the Worker was running is lost with it: run it again on the main thread.
        if (current.current) send(current.current);
      },
    });
    if (created.kind === "main-thread") dispatch({ type: "fallback", reason: created.fallbackReason ?? "" });
    engine.current = created;
    // A re-mount (Strict Mode, Fast Refresh) terminated the engine that held this request.
    if (current.current) send(current.current);
    return created;
  }, [send]);

  useEffect(() => {
    // An analysis requested before this effect ran has already started the engine.
    const created = engine.current ?? startEngine();
    return () => {
      created.terminate();
      if (engine.current === created) engine.current = null;
    };
  }, [startEngine]);

  const analyze = useCallback(
    (files: AnalysisFile[], options: AnalyzeRequestOptions) => {
      const request = { id: nextId.current++, files, options };
      current.current = request;
      dispatch({ type: "started", id: request.id, files: files.length });
      if (engine.current) send(request);
      else startEngine();
    },
    [send, startEngine],
  );

  const reportLoading = useCallback((done: number, total: number) => {
    dispatch({ type: "loading", done, total });
  }, []);

  const cancel = useCallback(() => {
    const running = current.current;
    if (running) engine.current?.send({ type: "cancel", id: running.id });
    current.current = null;
    dispatch({ type: "cancelled" });
  }, []);

  const identify = useCallback(
    (files: AnalysisFile[], passwords?: string[]) =>
      new Promise<AuthorityKeys>((resolve) => {
        const id = nextId.current++;
        questions.current.ask(
          id,
          resolve,
          (response) => (response.type === "identity" ? response : NO_KEYS),
          NO_KEYS,
        );
        const engineNow = engine.current ?? startEngine();
        engineNow.send({ type: "identify", id, files, ...(passwords ? { passwords } : {}) });
      }),
    [startEngine],
  );

  const generate = useCallback(
    (choice: string, keyFiles: AnalysisFile[]) =>
      new Promise<AnalysisFile[] | string>((resolve) => {
        const id = nextId.current++;
        questions.current.ask(id, resolve, generatedFiles, STOPPED);
        (engine.current ?? startEngine()).send({ type: "generate", id, choice, keyFiles });
      }),
    [startEngine],
  );

  const exportReport = useCallback(
    (format: ExportFormat) =>
      new Promise<ArrayBuffer | string>((resolve) => {
        const of = reportId.current;
        if (of === undefined) return resolve("no report is loaded");
        const id = nextId.current++;
        questions.current.ask(id, resolve, exportedBytes, STOPPED);
        (engine.current ?? startEngine()).send({ type: "export", id, of, format });
      }),
    [startEngine],
  );

  const whatIf = useCallback(
    (files: AnalysisFile[], actions: WhatIfAction[], options: AnalyzeRequestOptions) =>
      new Promise<WhatIfView | string>((resolve) => {
        const id = nextId.current++;
        questions.current.ask(id, resolve, whatIfResult, STOPPED);
        (engine.current ?? startEngine()).send({ type: "what-if", id, files, actions, ...options });
      }),
    [startEngine],
  );

  const compare = useCallback(
    (oldFiles: AnalysisFile[], files: AnalysisFile[], options: AnalyzeRequestOptions) =>
      new Promise<DiffAnswer | string>((resolve) => {
        const id = nextId.current++;
        questions.current.ask(id, resolve, diffAnswer, STOPPED);
        (engine.current ?? startEngine()).send({ type: "diff", id, files, oldFiles, ...options });
      }),
    [startEngine],
  );

  return { state, analyze, reportLoading, cancel, identify, generate, exportReport, whatIf, compare };
}
