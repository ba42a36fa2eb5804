/**
 * The one message protocol between the page and the analysis Worker: a discriminated union each
 * way, so both ends are type-checked against the same definitions and nothing else crosses. Only
 * plain data travels: file bytes as transferable ArrayBuffers in, the JSON-serialisable Report out.
 */
import type { AnalyzeProgress } from "../analysis-progress";
import type { Policy } from "../policy/policy";
import type { AuthorityKeys } from "../cluster/authority-keys";
import type { PreparedFile, UnreadKind } from "../inventory";
import type { RenewalPlan } from "../plan/types";
import type { Report } from "../report";
import type { PlanPart } from "./plan-parts";
import type { ReportPart } from "./report-parts";
import type { StandardFormat } from "../format/standard-formats";
import type { WhatIfAction, WhatIfResult } from "../whatif/what-if";
import type { DiffRefusal, ReportDiff } from "../diff/diff-types";

/**
 * One input file as it crosses to the Worker: its bytes are transferred, not copied. A file the page
 * could not read (or would not: over the per-file limit) crosses as a stand-in with empty bytes and
 * `unreadable` saying why, so the report names it (INPUT_SKIPPED), as `InputFile.unreadable` does.
 */
export interface AnalysisFile {
  path: string;
  bytes: ArrayBuffer;
  unreadable?: string;
  unreadKind?: UnreadKind;
}

/** Start analysing `files`, judged at `now` (ISO 8601); a newer `analyze` supersedes older ones. */
export interface AnalyzeRequest {
  type: "analyze";
  id: number;
  files: AnalysisFile[];
  now: string;
  warnDays: number;
  /** Absent: analyze's defaults. */
  warnFraction?: number;
  caHorizonDays?: number;
  /** Passwords for password-protected PKCS#12 files; held in memory for this request only. */
  passwords?: string[];
  /** The audit policy (lib/policy); absent: the built-in one. */
  policy?: Policy;
  /**
   * Ports to the page's prepare Workers, one each, for a large input: they prepare files while the
   * analysis reads them (lib/ingest/prepare-ahead.ts); the messages are `PrepareBatchMessage` and
   * `PreparedBatchMessage`.
   */
  preparers?: MessagePort[];
}

/** A batch of file contents sent to a prepare Worker. */
export interface PrepareBatchMessage {
  id: number;
  bytes: Uint8Array[];
}

/** A prepare Worker's answer: `ready` once it runs, then one entry per file of each batch. */
export type PreparedBatchMessage =
  { type: "ready" } | { type: "prepared"; id: number; prepared: (PreparedFile | undefined)[] };

/** Stop the analysis with this id; it answers `cancelled` at its next checkpoint. */
export interface CancelRequest {
  type: "cancel";
  id: number;
}

/**
 * Read `files` only as far as their certificates and answer which CA keys they carry, so the page can
 * ask before merging a drop that shares no CA with what is loaded. Never cancels an analysis.
 */
export interface IdentifyRequest {
  type: "identify";
  id: number;
  files: AnalysisFile[];
  passwords?: string[];
}

/**
 * Generate the files of a break-it scenario (a scenario id, or `healthy` for the demo without its
 * faults) on the demo's own files, whose keys are reused so no RSA key is generated in the page.
 * Answered by `generated` with every file, or `error` for an unknown choice. Never cancels an analysis.
 */
export interface GenerateRequest {
  type: "generate";
  id: number;
  choice: string;
  keyFiles: AnalysisFile[];
}

/**
 * Judge `files` as they are and then a copy of them after each action (whatif/what-if.ts), in the
 * engine beside any analysis. Answered by `what-if` with the steps, or `error`. Never cancels an
 * analysis, never changes the files.
 */
export interface WhatIfRequest {
  type: "what-if";
  id: number;
  files: AnalysisFile[];
  actions: WhatIfAction[];
  now: string;
  warnDays: number;
  warnFraction?: number;
  caHorizonDays?: number;
  passwords?: string[];
}

/** A what-if's answer without the two whole reports: the page has the one before already. */
export type WhatIfView = Omit<WhatIfResult, "before" | "after"> & {
  before: Report["summary"];
  after: Report["summary"];
  afterStatuses: Record<string, Report["relationships"][number]["status"]>;
};

/** What an export of the whole report holds: the CLI's `--format json`, `markdown`, `sarif`, `junit`, `prometheus` or `html`. */
export type ExportFormat = "json" | "markdown" | StandardFormat | "html";

/**
 * Make an export of the report that analysis `of` answered with, in the engine, where the report
 * already is: serialising a large report takes longer than a page may stay frozen. Answered by
 * `exported` with the file's UTF-8 bytes, or `error` when that report is no longer the latest.
 */
export interface ExportRequest {
  type: "export";
  id: number;
  of: number;
  format: ExportFormat;
}

/**
 * Compare the shown drop (`files`, judged at `now`) with an earlier snapshot of the same cluster
 * (`oldFiles`, judged when it was taken), in the engine (diff/compare-drops.ts). Answered by `diff`
 * with the comparison and its Markdown, or `error`. Never cancels an analysis.
 */
export interface DiffRequest {
  type: "diff";
  id: number;
  files: AnalysisFile[];
  oldFiles: AnalysisFile[];
  now: string;
  warnDays: number;
  warnFraction?: number;
  caHorizonDays?: number;
  passwords?: string[];
}

export type AnalysisRequest = AnalyzeRequest | CancelRequest | IdentifyRequest;

/** Every request the Worker handles: the analysis requests, exports and scenario generation. */
export type WorkerRequest = AnalysisRequest | ExportRequest | GenerateRequest | WhatIfRequest | DiffRequest;

/**
 * The page to the Worker … and back: every response names the request it answers. A Worker sends a
 * report as `report-part`s closed by `result-end`, and then its renewal plan as `plan-part`s closed
 * by `plan-end` (see report-parts.ts); the engine puts them together, so the page only ever sees
 * `result` and `plan`, which the main-thread handler sends directly.
 */
export type AnalysisResponse =
  | { type: "progress"; id: number; progress: AnalyzeProgress }
  | { type: "result"; id: number; report: Report; millis: number }
  | { type: "report-part"; id: number; part: ReportPart }
  | { type: "result-end"; id: number; millis: number }
  /** The renewal plan of the report that analysis `id` answered with, worked out after it. */
  | { type: "plan"; id: number; plan: RenewalPlan }
  | { type: "plan-part"; id: number; part: PlanPart }
  | { type: "plan-end"; id: number }
  | { type: "exported"; id: number; bytes: ArrayBuffer }
  | { type: "error"; id: number; message: string }
  | { type: "cancelled"; id: number }
  | ({ type: "identity"; id: number } & AuthorityKeys)
  | { type: "generated"; id: number; files: AnalysisFile[] }
  | { type: "what-if"; id: number; result: WhatIfView }
  | { type: "diff"; id: number; result: ReportDiff | DiffRefusal; markdown?: string };

/** How a handler answers: `postMessage` in the Worker, a state update on the main thread. */
export type PostResponse = (response: AnalysisResponse) => void;
