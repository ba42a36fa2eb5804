/**
 * Where analyses run: a module Worker when the browser can start one, otherwise the same request
 * handler on the main thread (slower, and the page says so). The only code that touches the Worker
 * object; the hook talks to an engine, components talk to the hook.
 */
import { createRequestHandler, type RequestHandler } from "../../lib/bridge/handle-request";
import type { AnalysisRequest, AnalysisResponse, PostResponse } from "../../lib/bridge/protocol";
import { errorMessage } from "../../lib/pki/result";

export interface AnalysisEngine {
  readonly kind: "worker" | "main-thread";
  /** Why this engine runs on the main thread, when it does. */
  readonly fallbackReason?: string;
  /** Send a request; an analyze request's bytes are copied and the copies transferred. */
  send(request: AnalysisRequest): void;
  /** Stop the Worker (or cancel the main-thread run); no answer is delivered afterwards. */
  terminate(): void;
}

export interface EngineCallbacks {
  onResponse: PostResponse;
  /** The Worker failed after it was created (script blocked or crashed): later sends run on the main thread. */
  onFallback: (reason: string) => void;
}

/**
 * Start an engine. The Worker's URL is written out literally so the bundler emits the worker chunk;
 * `new Worker` throwing (no Worker support, a policy refusing it) or an error event from the Worker
 * switches to the main-thread handler.
 */
export function createAnalysisEngine(callbacks: EngineCallbacks): AnalysisEngine {
  let worker: Worker | undefined;
  let handler: RequestHandler | undefined;
  let fallbackReason: string | undefined;
  let kind: AnalysisEngine["kind"] = "worker";
  let running: number | undefined;
  let terminated = false;

  const deliver = (response: AnalysisResponse) => {
    if (terminated) return;
    if (response.type !== "progress" && response.id === running) running = undefined;
    callbacks.onResponse(response);
  };

  const toMainThread = (reason: string) => {
    worker?.terminate();
    worker = undefined;
    fallbackReason = reason;
    kind = "main-thread";
    // On the page a timeout lets React paint progress and take clicks between files.
    handler ??= createRequestHandler(globalThis.crypto, {
      yieldToHost: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
  };

  try {
    worker = new Worker(new URL("./analysis.worker.ts", import.meta.url), {
      type: "module",
      name: "pki-analysis",
    });
    worker.onmessage = (event: MessageEvent<AnalysisResponse>) => deliver(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      toMainThread(`the analysis worker stopped: ${event.message || "its script could not be loaded"}`);
      if (!terminated) callbacks.onFallback(fallbackReason ?? "");
    };
  } catch (error) {
    toMainThread(`no Web Worker could be started: ${errorMessage(error)}`);
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
        if (request.type === "cancel") return worker.postMessage(request);
        // Copies, so the caller keeps its bytes for the next analysis; the copies move without a clone.
        const files = request.files.map((file) => ({ path: file.path, bytes: file.bytes.slice(0) }));
        worker.postMessage(
          { ...request, files },
          files.map((file) => file.bytes),
        );
        return;
      }
      void handler?.(request, deliver);
    },
    terminate() {
      if (handler && running !== undefined) void handler({ type: "cancel", id: running }, deliver);
      terminated = true;
      worker?.terminate();
      worker = undefined;
    },
  };
}
