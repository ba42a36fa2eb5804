import { describe, expect, it } from "vitest";
import type { Report } from "@/lib/report";
import {
  analysisReducer,
  INITIAL_ANALYSIS_STATE,
  type AnalysisAction,
  type AnalysisState,
} from "./analysis-state";

const report = { schemaVersion: 1, now: "2026-06-01T00:00:00.000Z" } as Report;
const older = { schemaVersion: 1, now: "2026-01-01T00:00:00.000Z" } as Report;

function run(actions: AnalysisAction[], from: AnalysisState = INITIAL_ANALYSIS_STATE): AnalysisState {
  return actions.reduce(analysisReducer, from);
}

const done: AnalysisState = { status: "done", run: 1, engine: "worker", report: older, millis: 40 };

describe("analysisReducer", () => {
  it.each<{ name: string; from?: AnalysisState; actions: AnalysisAction[]; want: Partial<AnalysisState> }>([
    {
      name: "starting shows reading 0 of the files given",
      actions: [{ type: "started", id: 1, files: 36 }],
      want: { status: "running", pending: 1, progress: { stage: "read", done: 0, total: 36 } },
    },
    {
      name: "progress of the current request is shown",
      actions: [
        { type: "started", id: 1, files: 36 },
        {
          type: "response",
          response: { type: "progress", id: 1, progress: { stage: "verify", done: 3, total: 40 } },
        },
      ],
      want: { status: "running", progress: { stage: "verify", done: 3, total: 40 } },
    },
    {
      name: "a result is shown and counts as a new run",
      from: done,
      actions: [
        { type: "started", id: 2, files: 36 },
        { type: "response", response: { type: "result", id: 2, report, millis: 120 } },
      ],
      want: { status: "done", report, millis: 120, run: 2, pending: undefined, progress: undefined },
    },
    {
      name: "the previous report stays while a new analysis runs",
      from: done,
      actions: [{ type: "started", id: 2, files: 3 }],
      want: { status: "running", report: older, run: 1 },
    },
    {
      name: "answers of a superseded request are ignored",
      from: done,
      actions: [
        { type: "started", id: 2, files: 3 },
        { type: "started", id: 3, files: 4 },
        { type: "response", response: { type: "result", id: 2, report, millis: 5 } },
        {
          type: "response",
          response: { type: "progress", id: 2, progress: { stage: "report", done: 1, total: 2 } },
        },
      ],
      want: {
        status: "running",
        report: older,
        run: 1,
        pending: 3,
        progress: { stage: "read", done: 0, total: 4 },
      },
    },
    {
      name: "an error replaces the report with the message",
      from: done,
      actions: [
        { type: "started", id: 2, files: 3 },
        { type: "response", response: { type: "error", id: 2, message: "analyze: invalid now x" } },
      ],
      want: { status: "error", error: "analyze: invalid now x", report: undefined, run: 1 },
    },
    {
      name: "a cancelled answer returns to the previous report",
      from: done,
      actions: [
        { type: "started", id: 2, files: 3 },
        { type: "response", response: { type: "cancelled", id: 2 } },
      ],
      want: { status: "done", report: older, pending: undefined },
    },
    {
      name: "cancelling with nothing shown returns to idle",
      actions: [{ type: "started", id: 1, files: 3 }, { type: "cancelled" }],
      want: { status: "idle", pending: undefined, progress: undefined },
    },
    {
      name: "reading files shows load progress over the running analysis's, which still counts",
      from: done,
      actions: [
        { type: "started", id: 2, files: 3 },
        { type: "loading", done: 10, total: 400 },
        {
          type: "response",
          response: { type: "progress", id: 2, progress: { stage: "verify", done: 1, total: 9 } },
        },
      ],
      want: { status: "running", progress: { stage: "load", done: 10, total: 400 }, pending: 2 },
    },
    {
      name: "an older analysis finishing while files are read is still rendered",
      from: done,
      actions: [
        { type: "started", id: 2, files: 3 },
        { type: "loading", done: 10, total: 400 },
        { type: "response", response: { type: "result", id: 2, report, millis: 5 } },
      ],
      want: { status: "running", progress: { stage: "load", done: 10, total: 400 }, report, run: 2 },
    },
    {
      name: "reading that ends without an analysis returns to the last verdict",
      from: done,
      actions: [
        { type: "loading", done: 0, total: 3 },
        { type: "loading", done: 3, total: 3 },
      ],
      want: { status: "done", progress: undefined, loading: undefined, report: older, run: 1 },
    },
    {
      name: "reading nothing at all never shows as running",
      actions: [{ type: "loading", done: 0, total: 0 }],
      want: { status: "idle", progress: undefined },
    },
    {
      name: "reading after an error and giving up shows the error again",
      from: { status: "error", run: 1, engine: "worker", error: "boom" },
      actions: [
        { type: "loading", done: 0, total: 5 },
        { type: "loading", done: 5, total: 5 },
      ],
      want: { status: "error", error: "boom" },
    },
    {
      name: "the analysis's progress returns once reading is complete",
      from: done,
      actions: [
        { type: "started", id: 2, files: 3 },
        {
          type: "response",
          response: { type: "progress", id: 2, progress: { stage: "verify", done: 1, total: 9 } },
        },
        { type: "loading", done: 1, total: 2 },
        { type: "loading", done: 2, total: 2 },
      ],
      want: { status: "running", progress: { stage: "verify", done: 1, total: 9 } },
    },
    {
      name: "starting an analysis ends the reading display",
      from: done,
      actions: [
        { type: "loading", done: 3, total: 5 },
        { type: "started", id: 2, files: 5 },
      ],
      want: { status: "running", loading: undefined, progress: { stage: "read", done: 0, total: 5 } },
    },
    {
      name: "cancel also ends a reading display",
      from: done,
      actions: [{ type: "loading", done: 3, total: 5 }, { type: "cancelled" }],
      want: { status: "done", loading: undefined, progress: undefined },
    },
    {
      name: "a new start clears an earlier error",
      from: { status: "error", run: 1, engine: "worker", error: "boom" },
      actions: [{ type: "started", id: 5, files: 1 }],
      want: { status: "running", error: undefined },
    },
    {
      name: "a fallback records where analyses run and why",
      actions: [{ type: "fallback", reason: "no Web Worker could be started: Worker is not defined" }],
      want: { engine: "main-thread", engineNote: "no Web Worker could be started: Worker is not defined" },
    },
  ])("$name", ({ from, actions, want }) => {
    expect(run(actions, from)).toMatchObject(want);
    // toMatchObject ignores keys whose wanted value is undefined: check those explicitly.
    const got = run(actions, from) as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(want))
      if (value === undefined) expect(got[key], key).toBeUndefined();
  });
});
