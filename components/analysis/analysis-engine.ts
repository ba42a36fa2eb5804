/**
 * Where analyses run: a module Worker when the browser can start one, otherwise the same request
 * handler on the main thread (slower, and the page says so). The only code that touches the Worker
 * object; the hook talks to an engine, components talk to the hook.
 *
 * The main-thread handler is the whole analysis core; it is imported only when it is needed, so the
 * page's own scripts stay small and a first visit is not kept waiting while they load and run.
 */
import type { RequestHandler } from "@/lib/bridge/handle-request";
import { createPartJoiner } from "@/lib/bridge/join-parts";
import type { AnalyzeRequest, WorkerRequest, AnalysisResponse, PostResponse } from "@/lib/bridge/protocol";
import { errorMessage } from "@/lib/shared/result";

export interface AnalysisEngine {
  readonly kind: "worker" | "main-thread";
  /** Why this engine runs on the main thread, when it does. */
  readonly fallbackReason?: string;
  /** Send a request; an analyze request's bytes are copied and the copies transferred. */
  send(request: WorkerRequest): void;
  /** Stop the Worker (or cancel the main-thread run); no answer is delivered afterwards. */
  terminate(): void;
}

export interface EngineCallbacks {
  onResponse: PostResponse;
  /** The Worker failed after it was created (script blocked or crashed): later sends run on the main thread. */
  onFallback: (reason: string) => void;
}

/** A Worker started ahead of the engine, and what became of it meanwhile. */
interface StartedWorker {
  worker?: Worker;
  /** Why it could not be started, or why it stopped before an engine took it over. */
  failure?: string;
  /** Detaches the listener that watched it until an engine took it over. */
  release: () => void;
}

let prestarted: StartedWorker | undefined;

/** Inputs of this many bytes or more get a pool of prepare Workers: the demo and a node's folder do not. */
const POOL_FROM_BYTES = 2 * 1024 * 1024;

/**
 * The prepare Workers for one large analysis, one port each to hand the analysis Worker: one per
 * core but the analysis Worker's, at most four, none on one core.
 */
function startPreparePool(request: AnalyzeRequest): { workers: Worker[]; ports: MessagePort[] } | undefined {
  const bytes = request.files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const size = Math.min(4, (globalThis.navigator?.hardwareConcurrency ?? 1) - 1);
  if (bytes < POOL_FROM_BYTES || size < 1) return undefined;
  const workers: Worker[] = [];
  const ports: MessagePort[] = [];
  try {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL("./prepare.worker.ts", import.meta.url), {
        type: "module",
        name: `pki-prepare-${i + 1}`,
      });
      const channel = new MessageChannel();
      worker.postMessage(channel.port1, [channel.port1]);
      workers.push(worker);
      ports.push(channel.port2);
    }
  } catch {
    // No pool (a policy refusing it, no Worker): the analysis prepares every file itself.
    for (const worker of workers) worker.terminate();
    return undefined;
  }
  return { workers, ports };
}

/**
 * The Worker's URL is written out literally so the bundler emits the worker chunk. `new Worker`
 * throwing (no Worker support, a policy refusing it) is a failure, kept as the reason.
 */
function startWorker(): StartedWorker {
  const started: StartedWorker = { release: () => {} };
  try {
    const worker = new Worker(new URL("./analysis.worker.ts", import.meta.url), {
      type: "module",
      name: "pki-analysis",
    });
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      started.failure = `the analysis worker stopped: ${event.message || "its script could not be loaded"}`;
    };
    worker.addEventListener("error", onError);
    started.worker = worker;
    started.release = () => worker.removeEventListener("error", onError);
  } catch (error) {
    started.failure = `no Web Worker could be started: ${errorMessage(error)}`;
  }
  return started;
}

/**
 * Start the analysis Worker now, before any engine asks for it, so that its scripts load and run
 * while the page itself is still starting; the next {@link createAnalysisEngine} takes it over.
 * Does nothing outside a browser (the page's prerender) or when one is already waiting.
 */
export function prestartAnalysisWorker(): void {
  if (prestarted || typeof window === "undefined") return;
  prestarted = startWorker();
}

/** Start an engine on the prestarted Worker, or a new one; any Worker failure switches to the main thread. */
export function createAnalysisEngine(callbacks: EngineCallbacks): AnalysisEngine {
  let worker: Worker | undefined;
  let handler: Promise<RequestHandler> | undefined;
  let fallbackReason: string | undefined;
  let kind: AnalysisEngine["kind"] = "worker";
  let running: number | undefined;
  let terminated = false;

  /** The prepare Workers of the running analysis, stopped once it has answered. */
  let pool: { id: number; workers: Worker[] } | undefined;
  const stopPool = () => {
    for (const poolWorker of pool?.workers ?? []) poolWorker.terminate();
    pool = undefined;
  };

  const deliver = (response: AnalysisResponse) => {
    if (terminated) return;
    if (pool?.id === response.id && ["result", "result-end", "error", "cancelled"].includes(response.type))
      stopPool();
    if (response.type !== "progress" && response.type !== "plan" && response.id === running)
      running = undefined;
    callbacks.onResponse(response);
  };

  const toMainThread = (reason: string) => {
    worker?.terminate();
    worker = undefined;
    fallbackReason = reason;
    kind = "main-thread";
    // On the page a timeout lets React paint progress and take clicks between files.
    handler ??= import("@/lib/bridge/handle-request").then(({ createRequestHandler }) =>
      createRequestHandler(globalThis.crypto, {
        yieldToHost: () => new Promise((resolve) => setTimeout(resolve, 0)),
      }),
    );
  };

  /** Hand a request to the main-thread handler once it is loaded; a failed load answers as an error. */
  const handle = (request: WorkerRequest) => {
    void handler?.then(
      (ready) => ready(request, deliver),
      (error: unknown) => {
        // The request that met the failure reports it; a cancel has nothing left to stop.
        if (request.type !== "cancel")
          deliver({
            type: "error",
            id: request.id,
            message: `the analysis could not be loaded: ${errorMessage(error)}`,
          });
      },
    );
  };

  const started = prestarted ?? startWorker();
  prestarted = undefined;
  started.release();
  if (started.worker && !started.failure) {
    worker = started.worker;
    // Reports and plans come in parts, one message (and one short copy on this thread) each.
    const join = createPartJoiner();
    worker.onmessage = (event: MessageEvent<AnalysisResponse>) => {
      const joined = join(event.data);
      if (joined) deliver(joined);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      toMainThread(`the analysis worker stopped: ${event.message || "its script could not be loaded"}`);
      if (!terminated) callbacks.onFallback(fallbackReason ?? "");
    };
  } else {
    started.worker?.terminate();
    toMainThread(started.failure ?? "no Web Worker could be started");
  }

  return {
    get kind() {
      return kind;
    },
    get fallbackReason() {
      return fallbackReason;
    },
    send(request) {
      if (terminated) return;
      if (request.type === "analyze") running = request.id;
      if (worker) {
        if (request.type === "cancel" || request.type === "export") return worker.postMessage(request);
        // Copies, so the caller keeps its bytes for the next analysis; the copies move without a clone.
        if (request.type === "generate") {
          const keyFiles = request.keyFiles.map((file) => ({ path: file.path, bytes: file.bytes.slice(0) }));
          worker.postMessage(
            { ...request, keyFiles },
            keyFiles.map((file) => file.bytes),
          );
          return;
        }
        const files = request.files.map((file) => ({ ...file, bytes: file.bytes.slice(0) }));
        const started = request.type === "analyze" ? startPreparePool(request) : undefined;
        if (started && request.type === "analyze") {
          stopPool();
          pool = { id: request.id, workers: started.workers };
        }
        worker.postMessage({ ...request, files, ...(started ? { preparers: started.ports } : {}) }, [
          ...files.map((file) => file.bytes),
          ...(started?.ports ?? []),
        ]);
        return;
      }
      handle(request);
    },
    terminate() {
      if (handler && running !== undefined) handle({ type: "cancel", id: running });
      stopPool();
      terminated = true;
      worker?.terminate();
      worker = undefined;
    },
  };
}
