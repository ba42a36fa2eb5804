/**
 * What `npm run bench -- --scenarios` measures inside the page: from the click on a scenario's link
 * (the hash changes to `#scenario/<id>`) to the second animation frame after `<main>` says that the
 * shown report is that scenario's (`data-scenario`, `data-analysis="done"`) with its graph drawn.
 *
 * The probe is an init script. It wraps the analysis Worker (the one named `pki-analysis`) to log each
 * request the page posts and each answer the Worker sends, and `fetch` to log the demo's files being
 * fetched, and it keeps the resource timing of script chunks: so one click's wait splits into the
 * catalogue chunk, the demo fetch, the generation in the Worker, the analysis and the page's render.
 */

/** One logged event, in milliseconds from `performance.now()`. */
export interface ScenarioEvent {
  /** `request`: the page posted to the Worker; `response`: the Worker answered; `fetch`/`script`: a load. */
  kind: "request" | "response" | "fetch" | "script";
  /** The message type (`generate`, `analyze`, `generated`, `result-end`…) or the URL loaded. */
  what: string;
  id?: number;
  start: number;
  /** A load's end (`fetch`, `script`); the same as start for a message. */
  end: number;
}

/** One click as the page saw it. */
export interface ScenarioTiming {
  clickMs: number;
  paintedMs: number;
  events: ScenarioEvent[];
}

/** Where one click's wait went (milliseconds; 0 for a phase that did not happen in the window). */
export interface ScenarioFigures {
  /** Click → painted graph. */
  totalMs: number;
  /** Script chunks loaded after the click (the catalogue), from the click to the last one's end. */
  chunksMs: number;
  /** The demo's files fetched after the click (manifest and archive), summed. */
  demoFetchMs: number;
  /** `generate` posted → `generated` answered, for generations answered after the click. */
  generateMs: number;
  /** The last `analyze` posted after the click → its `result-end`. */
  analysisMs: number;
  /** That `result-end` → the painted graph. */
  renderMs: number;
  /** Whether the scenario's files were generated before the click (prepared ahead). */
  prepared: boolean;
}

/** Sums up one click; see {@link ScenarioFigures}. */
export function scenarioFigures(timing: ScenarioTiming): ScenarioFigures {
  const { clickMs, paintedMs, events } = timing;
  const after = events.filter((event) => event.start >= clickMs && event.start <= paintedMs);
  const chunkEnds = after.filter((event) => event.kind === "script").map((event) => event.end);
  const demoFetchMs = after
    .filter((event) => event.kind === "fetch")
    .reduce((sum, event) => sum + (event.end - event.start), 0);
  let generateMs = 0;
  let generatedAfterClick = false;
  for (const answer of after.filter((event) => event.kind === "response" && event.what === "generated")) {
    const request = events.find(
      (event) => event.kind === "request" && event.what === "generate" && event.id === answer.id,
    );
    generatedAfterClick = true;
    if (request) generateMs += answer.start - Math.max(request.start, clickMs);
  }
  const analyze = after.filter((event) => event.kind === "request" && event.what === "analyze").at(-1);
  const resultEnd = analyze
    ? after.find(
        (event) => event.kind === "response" && event.what === "result-end" && event.id === analyze.id,
      )
    : undefined;
  return {
    totalMs: paintedMs - clickMs,
    chunksMs: chunkEnds.length > 0 ? Math.max(...chunkEnds) - clickMs : 0,
    demoFetchMs,
    generateMs,
    analysisMs: analyze && resultEnd ? resultEnd.start - analyze.start : 0,
    renderMs: resultEnd ? paintedMs - resultEnd.start : 0,
    prepared: !generatedAfterClick,
  };
}

/**
 * Source of the init script, a string so that no bundler helper of this script's toolchain leaks into
 * the page. `window.__k8sPkiScenario(action, choice)` sets the hash as a link's click does (an action
 * starting with `#`) or clicks the element a selector names, and resolves to a {@link ScenarioTiming}
 * once `choice` is shown; `window.__k8sPkiIdle()` resolves once the analysis Worker has answered
 * every request (a report's renewal plan included), as a user reading the page would leave it.
 */
export const SCENARIO_PROBE_SOURCE = `(() => {
  const events = [];
  const pending = new Map();
  const TRACKED = ["analyze", "generate", "identify", "export", "what-if", "diff"];
  const DONE = ["plan-end", "plan", "error", "cancelled", "generated", "identity", "exported", "what-if", "diff"];
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(url, options) {
      super(url, options);
      if (!options || options.name !== "pki-analysis") return;
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (!data || typeof data.type !== "string" || data.type === "report-part" || data.type === "plan-part" || data.type === "progress") return;
        const at = performance.now();
        events.push({ kind: "response", what: data.type, id: data.id, start: at, end: at });
        if (DONE.includes(data.type)) pending.delete(data.id);
      });
      const post = this.postMessage.bind(this);
      this.postMessage = (message, transfer) => {
        if (message && TRACKED.includes(message.type)) {
          const at = performance.now();
          events.push({ kind: "request", what: message.type, id: message.id, start: at, end: at });
          pending.set(message.id, message.type);
        }
        return post(message, transfer);
      };
    }
  };
  const pageFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const start = performance.now();
    const response = await pageFetch(input, init);
    if (!url.includes("/demo/")) return response;
    const body = await response.clone().arrayBuffer();
    events.push({ kind: "fetch", what: url, start, end: performance.now(), bytes: body.byteLength });
    return response;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.initiatorType === "script" || entry.name.endsWith(".js"))
        events.push({ kind: "script", what: entry.name, start: entry.startTime, end: entry.responseEnd });
  }).observe({ type: "resource", buffered: false });
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  window.__k8sPkiIdle = () => new Promise((resolve) => {
    const check = () => (pending.size === 0 ? frames().then(resolve) : setTimeout(check, 20));
    check();
  });
  window.__k8sPkiScenario = (action, choice) => new Promise((resolve) => {
    const main = document.querySelector("main");
    const startAt = events.length;
    const shown = () =>
      main.getAttribute("data-scenario") === choice &&
      main.getAttribute("data-analysis") === "done" &&
      main.querySelector("[data-testid='graph'] svg [data-testid^='edge-']") !== null;
    const settle = () => {
      if (!shown()) return;
      mutations.disconnect();
      frames().then(() => {
        const paintedMs = performance.now();
        // Resource entries arrive asynchronously: give the last one a moment to be delivered.
        setTimeout(() => resolve({ clickMs, paintedMs, events: events.slice(Math.max(0, startAt - 50)) }), 50);
      });
    };
    const mutations = new MutationObserver(settle);
    mutations.observe(main, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-analysis", "data-scenario"] });
    const clickMs = performance.now();
    if (action.startsWith("#")) location.hash = action;
    else document.querySelector(action).click();
  });
})()`;
