/**
 * What `npm run bench:browser` measures of a first visit: the page opens with the demo cluster, and
 * the user waits from the first contentful paint (the page's shell) to the demo's graph painted.
 *
 * The probe runs before any of the page's own scripts (an init script). It takes the first
 * contentful paint from the Paint Timing API, stops the clock at the second animation frame after
 * `<main>` says `data-analysis="done"` with a first report rendered (`data-analysis-run` ≥ 1) and the
 * graph's SVG holds an edge, and collects the main thread's long tasks in between. It also notes when
 * the page starts its analysis Worker and when the Worker's report arrives, so a slow load says
 * whether the Worker or the page's own work took the time.
 */
import { LONG_TASK_THRESHOLD_MS } from "./browser-probe";

/** One page load as the page saw it (milliseconds, from `performance.now()`). */
export interface DemoLoadTiming {
  /** The first contentful paint. */
  firstPaintMs: number;
  /** The second frame after the demo's graph was rendered. */
  paintedMs: number;
  /** Tasks over 50 ms on the main thread (Long Tasks API), as [start, duration]. */
  longTasks: [number, number][];
  /** When the page started its analysis Worker. */
  workerStartedMs?: number;
  /** When the Worker's report of the demo had fully arrived on the page (its `result-end`). */
  reportMs?: number;
}

/** The figures of one page load that the bench reports. */
export interface DemoLoadFigures {
  /** From the first contentful paint to the painted graph. */
  firstPaintToGraphMs: number;
  /** The longest main-thread task in that window; 0 when none exceeded 50 ms. */
  longestTaskMs: number;
  /** Total blocking time in that window: each long task's excess over 50 ms, summed. */
  blockingMs: number;
  /**
   * Where the wait went: from the first paint to the Worker's start (negative when it started
   * before), to the report's arrival (page start-up, the Worker's start-up and the analysis), and
   * from the report to the painted graph (the page's rendering). Absent when the page had no Worker.
   */
  phases?: { workerStartedMs: number; reportMs: number; renderMs: number };
}

/** Sums up one page load: only the long tasks that overlap first paint → painted graph count. */
export function demoLoadFigures(timing: DemoLoadTiming): DemoLoadFigures {
  const inWindow = timing.longTasks
    .filter(([start, duration]) => start + duration >= timing.firstPaintMs && start <= timing.paintedMs)
    .map(([, duration]) => duration);
  return {
    firstPaintToGraphMs: timing.paintedMs - timing.firstPaintMs,
    longestTaskMs: Math.max(0, ...inWindow),
    blockingMs: inWindow.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_THRESHOLD_MS), 0),
    ...(timing.workerStartedMs !== undefined && timing.reportMs !== undefined
      ? {
          phases: {
            workerStartedMs: timing.workerStartedMs - timing.firstPaintMs,
            reportMs: timing.reportMs - timing.firstPaintMs,
            renderMs: timing.paintedMs - timing.reportMs,
          },
        }
      : {}),
  };
}

/**
 * Source of the init script, a string so that no bundler helper of this script's toolchain leaks
 * into the page. It stores a promise of a {@link DemoLoadTiming} in `window.__k8sPkiDemoLoad`.
 */
export const DEMO_LOAD_PROBE_SOURCE = `(() => {
  let firstPaint;
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") firstPaint = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push([entry.startTime, entry.duration]);
  });
  tasks.observe({ type: "longtask" });
  // The analysis Worker's start and the arrival of its first report, for the phases.
  let workerStarted;
  let report;
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      workerStarted ??= performance.now();
      this.addEventListener("message", (event) => {
        if (event.data && event.data.type === "result-end") report ??= performance.now();
      });
    }
  };
  window.__k8sPkiDemoLoad = new Promise((resolve, reject) => {
    const settle = () => {
      const main = document.querySelector("main");
      if (!main || main.getAttribute("data-analysis") !== "done") return;
      if (Number(main.getAttribute("data-analysis-run") ?? "0") < 1) return;
      if (!document.querySelector("svg [data-testid^='edge-']")) return;
      mutations.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const painted = performance.now();
        // Long-task entries arrive asynchronously: give the last one a moment to be delivered.
        setTimeout(() => {
          for (const entry of tasks.takeRecords()) longTasks.push([entry.startTime, entry.duration]);
          tasks.disconnect();
          if (firstPaint === undefined) return reject(new Error("no first-contentful-paint entry"));
          resolve({ firstPaintMs: firstPaint, paintedMs: painted, longTasks, workerStartedMs: workerStarted, reportMs: report });
        }, 100);
      }));
    };
    const mutations = new MutationObserver(settle);
    mutations.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-analysis", "data-analysis-run"],
    });
  });
})()`;
