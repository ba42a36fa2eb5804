/**
 * The Worker's whole behaviour as a pure function of messages: run `analyze`, post its progress and
 * then exactly one of result, error or cancelled. Free of `self` and the DOM, so it is unit-tested in
 * Node and serves as the main-thread fallback when a Worker cannot be created.
 */
import type { PrepareAhead } from "../ingest/prepare-ahead";
import type { Policy } from "../policy/policy";
import { AnalysisCancelled } from "../analysis-progress";
import { analyze } from "../analyze";
import { authorityKeys } from "../cluster/authority-keys";
import { formatHtmlReport } from "../format/html-report";
import { type InputDigest, inputDigest } from "../format/input-digest";
import { formatMarkdown } from "../format/markdown";
import { formatStandard } from "../format/standard-formats";
import { ingest } from "../ingest/ingest";
import type { InputFile } from "../inventory";
import { renewalPlan } from "../plan/renewal-plan";
import { toArrayBuffer } from "../shared/bytes";
import { errorMessage } from "../shared/result";
import type { Report } from "../report";
import { generateScenario, isScenarioChoice } from "../scenarios/generate-scenario";
import { splitPlan } from "./plan-parts";
import { reportJson } from "./report-json";
import { splitReport } from "./report-parts";
import type {
  AnalysisFile,
  AnalyzeRequest,
  DiffRequest,
  ExportRequest,
  GenerateRequest,
  IdentifyRequest,
  PostResponse,
  WhatIfRequest,
  WorkerRequest,
} from "./protocol";
import { simulateWhatIf } from "../whatif/what-if";
import { compareDrops } from "../diff/compare-drops";
import { formatDiffMarkdown } from "../format/diff-markdown";

const toInputFile = ({ path, bytes, unreadable, unreadKind }: AnalysisFile): InputFile => ({
  path,
  bytes: new Uint8Array(bytes),
  ...(unreadable === undefined ? {} : { unreadable }),
  ...(unreadKind === undefined ? {} : { unreadKind }),
});

/** The thresholds and passwords a request judges with; each optional one absent when the request leaves it out. */
function judgeOptions(
  request: Pick<AnalyzeRequest, "warnDays" | "warnFraction" | "caHorizonDays" | "passwords" | "policy">,
): {
  warnDays: number;
  warnFraction?: number;
  caHorizonDays?: number;
  passwords?: string[];
  policy?: Policy;
} {
  return {
    warnDays: request.warnDays,
    ...(request.warnFraction !== undefined ? { warnFraction: request.warnFraction } : {}),
    ...(request.caHorizonDays !== undefined ? { caHorizonDays: request.caHorizonDays } : {}),
    ...(request.passwords ? { passwords: request.passwords } : {}),
    ...(request.policy ? { policy: request.policy } : {}),
  };
}

/** Handles one request; resolves when that request has been answered (or needs no answer). */
export type RequestHandler = (request: WorkerRequest, post: PostResponse) => Promise<void>;

export interface RequestHandlerOptions {
  /** A monotonic stopwatch in milliseconds, for the `millis` of a result only (default `performance.now`). */
  elapsed?: () => number;
  /**
   * Gives the host's event loop a turn (a Worker: a MessageChannel round trip; the page: a timeout),
   * so a cancel or a newer request is seen while files are parsed. Without it cancellation is only
   * noticed where the analysis awaits the host anyway.
   */
  yieldToHost?: () => Promise<void>;
  /** Yield at most this often, in milliseconds of work (default 50). */
  yieldEveryMs?: number;
  /**
   * Send reports and plans in parts (a Worker: each message is copied on the page in one task, and
   * a whole large report would freeze it); without it they go whole, as on the main thread.
   */
  inParts?: boolean;
  /** Other cores for an analysis: the page's prepare Workers behind the request's ports. */
  prepareAheadFor?: (request: AnalyzeRequest) => PrepareAhead | undefined;
}

/**
 * Create a handler bound to one WebCrypto provider. It keeps which analysis is the newest: starting
 * another or an explicit `cancel` makes the older one stop at its next checkpoint and answer
 * `cancelled`, so a person who drops a second folder never waits for the first.
 */
export function createRequestHandler(crypto: Crypto, options: RequestHandlerOptions = {}): RequestHandler {
  const elapsed = options.elapsed ?? (() => globalThis.performance.now());
  const { yieldToHost } = options;
  const yieldEveryMs = options.yieldEveryMs ?? 50;
  let lastYield = elapsed();
  const pause = yieldToHost
    ? async () => {
        if (elapsed() - lastYield < yieldEveryMs) return;
        await yieldToHost();
        lastYield = elapsed();
      }
    : undefined;
  let newest: number | undefined;
  /** The latest report answered, kept for its exports, with its input's digest (the HTML report's). */
  let latest: { id: number; report: Report; digest: Promise<InputDigest> } | undefined;
  const running = new Set<number>();
  const cancelled = new Set<number>();

  async function run(request: AnalyzeRequest, post: PostResponse): Promise<void> {
    const { id } = request;
    newest = id;
    running.add(id);
    const isCancelled = () => cancelled.has(id) || newest !== id;
    const started = elapsed();
    try {
      // Begun before preparers may take the bytes away: WebCrypto copies them when called.
      const digest = inputDigest(request.files.map(toInputFile), crypto);
      digest.catch(() => undefined);
      const prepareAhead = options.prepareAheadFor?.(request);
      const report = await analyze(request.files.map(toInputFile), {
        now: request.now,
        ...judgeOptions(request),
        crypto,
        ...(prepareAhead ? { prepareAhead } : {}),
        isCancelled,
        ...(pause ? { pause } : {}),
        onProgress: (progress) => {
          if (!isCancelled()) post({ type: "progress", id, progress });
        },
      });
      // Superseded after the last checkpoint: the newer request's answer is the one that counts.
      if (isCancelled()) {
        post({ type: "cancelled", id });
        return;
      }
      latest = { id, report, digest };
      const millis = Math.round(elapsed() - started);
      if (options.inParts) {
        for (const part of splitReport(report)) post({ type: "report-part", id, part });
        post({ type: "result-end", id, millis });
      } else post({ type: "result", id, report, millis });
      // The plan follows the report, so the graph is not kept waiting for it; a newer analysis that
      // arrived meanwhile makes it moot.
      await yieldToHost?.();
      if (newest !== id) return;
      const plan = renewalPlan(report);
      if (options.inParts) {
        for (const part of splitPlan(plan)) post({ type: "plan-part", id, part });
        post({ type: "plan-end", id });
      } else post({ type: "plan", id, plan });
    } catch (error) {
      if (error instanceof AnalysisCancelled) post({ type: "cancelled", id });
      else post({ type: "error", id, message: errorMessage(error) });
    } finally {
      running.delete(id);
      cancelled.delete(id);
    }
  }

  async function identify(request: IdentifyRequest, post: PostResponse): Promise<void> {
    const { id } = request;
    try {
      const inventory = await ingest(request.files.map(toInputFile), {
        crypto,
        ...(request.passwords ? { passwords: request.passwords } : {}),
        ...(pause ? { pause } : {}),
      });
      post({ type: "identity", id, ...authorityKeys(inventory) });
    } catch (error) {
      post({ type: "error", id, message: errorMessage(error) });
    }
  }

  async function exportReport(request: ExportRequest, post: PostResponse): Promise<void> {
    const { id, of, format } = request;
    if (latest?.id !== of) {
      post({ type: "error", id, message: "that report is no longer the latest one; export again" });
      return;
    }
    const { report, digest } = latest;
    let text: string;
    try {
      text =
        format === "json"
          ? reportJson(report)
          : format === "markdown"
            ? formatMarkdown(report)
            : format === "html"
              ? formatHtmlReport(report, { digest: await digest })
              : formatStandard(report, format);
    } catch (error) {
      post({ type: "error", id, message: errorMessage(error) });
      return;
    }
    const bytes = new TextEncoder().encode(text);
    // The encoder's own buffer when it holds exactly the text: tens of megabytes are not copied twice.
    const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteLength === bytes.buffer.byteLength;
    post({ type: "exported", id, bytes: whole ? bytes.buffer : toArrayBuffer(bytes) });
  }

  async function generate(request: GenerateRequest, post: PostResponse): Promise<void> {
    const { id, choice } = request;
    if (!isScenarioChoice(choice)) {
      post({ type: "error", id, message: `unknown scenario "${choice}"` });
      return;
    }
    try {
      const files = await generateScenario(choice, { crypto, keyFiles: request.keyFiles.map(toInputFile) });
      // Each file gets a buffer of its own, so the Worker can transfer them all.
      post({
        type: "generated",
        id,
        files: files.map((file) => ({ path: file.path, bytes: toArrayBuffer(file.bytes) })),
      });
    } catch (error) {
      post({ type: "error", id, message: errorMessage(error) });
    }
  }

  async function whatIf(request: WhatIfRequest, post: PostResponse): Promise<void> {
    const { id } = request;
    try {
      const result = await simulateWhatIf(request.files.map(toInputFile), request.actions, {
        now: new Date(request.now),
        ...judgeOptions(request),
        crypto,
        ...(pause ? { pause } : {}),
      });
      const { before, after, ...rest } = result;
      post({
        type: "what-if",
        id,
        result: {
          ...rest,
          before: before.summary,
          after: after.summary,
          afterStatuses: Object.fromEntries(after.relationships.map((r) => [r.key, r.status])),
        },
      });
    } catch (error) {
      post({ type: "error", id, message: errorMessage(error) });
    }
  }

  async function diff(request: DiffRequest, post: PostResponse): Promise<void> {
    const { id } = request;
    try {
      const result = await compareDrops(request.oldFiles.map(toInputFile), request.files.map(toInputFile), {
        now: request.now,
        ...judgeOptions(request),
        crypto,
        ...(pause ? { pause } : {}),
      });
      post({
        type: "diff",
        id,
        result,
        ...("refused" in result ? {} : { markdown: formatDiffMarkdown(result) }),
      });
    } catch (error) {
      post({ type: "error", id, message: errorMessage(error) });
    }
  }

  return async (request, post) => {
    switch (request.type) {
      case "what-if":
        return whatIf(request, post);
      case "diff":
        return diff(request, post);
      case "analyze":
        return run(request, post);
      case "identify":
        return identify(request, post);
      case "generate":
        return generate(request, post);
      case "export":
        return exportReport(request, post);
      case "cancel":
        // Only a running analysis can be cancelled; a late cancel for a finished one is a no-op.
        if (running.has(request.id)) cancelled.add(request.id);
        return;
    }
  };
}
