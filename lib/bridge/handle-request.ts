/**
 * The Worker's whole behaviour as a pure function of messages: run `analyze`, post its progress and
 * then exactly one of result, error or cancelled. Free of `self` and the DOM, so it is unit-tested in
 * Node and serves as the main-thread fallback when a Worker cannot be created.
 */
import { AnalysisCancelled } from "../analysis-progress";
import { analyze } from "../analyze";
import { authorityKeys } from "../cluster/authority-keys";
import { ingest } from "../ingest/ingest";
import { toArrayBuffer } from "../pki/bytes";
import { errorMessage } from "../pki/result";
import { generateScenario, isScenarioChoice } from "../scenarios/generate-scenario";
import type {
  AnalysisFile,
  AnalyzeRequest,
  GenerateRequest,
  IdentifyRequest,
  PostResponse,
  WorkerRequest,
} from "./protocol";

const toInputFile = (file: AnalysisFile) => ({ path: file.path, bytes: new Uint8Array(file.bytes) });

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
  const running = new Set<number>();
  const cancelled = new Set<number>();

  async function run(request: AnalyzeRequest, post: PostResponse): Promise<void> {
    const { id } = request;
    newest = id;
    running.add(id);
    const isCancelled = () => cancelled.has(id) || newest !== id;
    const started = elapsed();
    try {
      const report = await analyze(request.files.map(toInputFile), {
        now: request.now,
        warnDays: request.warnDays,
        ...(request.warnFraction !== undefined ? { warnFraction: request.warnFraction } : {}),
        ...(request.caHorizonDays !== undefined ? { caHorizonDays: request.caHorizonDays } : {}),
        ...(request.passwords ? { passwords: request.passwords } : {}),
        crypto,
        isCancelled,
        ...(pause ? { pause } : {}),
        onProgress: (progress) => {
          if (!isCancelled()) post({ type: "progress", id, progress });
        },
      });
      // Superseded after the last checkpoint: the newer request's answer is the one that counts.
      if (isCancelled()) post({ type: "cancelled", id });
      else post({ type: "result", id, report, millis: Math.round(elapsed() - started) });
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

  return async (request, post) => {
    switch (request.type) {
      case "analyze":
        return run(request, post);
      case "identify":
        return identify(request, post);
      case "generate":
        return generate(request, post);
      case "cancel":
        // Only a running analysis can be cancelled; a late cancel for a finished one is a no-op.
        if (running.has(request.id)) cancelled.add(request.id);
        return;
    }
  };
}
