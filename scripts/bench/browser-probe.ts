/**
 * What `npm run bench:browser` measures inside the page, and how one drop's figures are summed up.
 *
 * The probe is installed before the files are handed to the input. It starts the clock when the
 * input fires `change` (the browser has the files; the app takes over), stops it at the second
 * animation frame after `<main>` reports a newer `data-analysis-run` with `data-analysis="done"`
 * and the graph holds an edge (a fleet's graph is drawn in steps after the report renders), and
 * collects the main thread's long tasks in between: the Web Worker exists so that those stay short
 * while a large drop is analysed.
 */

/** One drop as the page saw it (milliseconds, from `performance.now()`). */
export interface DropTiming {
  /** From the input's `change` event to the second frame after the new report's graph was drawn. */
  dropToRenderMs: number;
  /** Tasks over 50 ms on the main thread in that window (Long Tasks API), as durations. */
  longTasksMs: number[];
  /** The run counter after the drop. */
  run: number;
}

/** The figures of one drop that the bench reports. */
export interface DropFigures {
  dropToRenderMs: number;
  /** The longest main-thread task; 0 when none exceeded 50 ms. */
  longestTaskMs: number;
  /** Total blocking time: the sum of each long task's excess over 50 ms. */
  blockingMs: number;
}

/** Long tasks are those over 50 ms; the part beyond that is what a user feels as a frozen page. */
export const LONG_TASK_THRESHOLD_MS = 50;

/** Sums up one drop's timing. */
export function dropFigures(timing: DropTiming): DropFigures {
  return {
    dropToRenderMs: timing.dropToRenderMs,
    longestTaskMs: Math.max(0, ...timing.longTasksMs),
    blockingMs: timing.longTasksMs.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_THRESHOLD_MS), 0),
  };
}

/**
 * Source of the in-page probe, evaluated as a string so that no bundler helper of this script's
 * toolchain leaks into the page. It stores a promise of a {@link DropTiming} in
 * `window.__k8sPkiDrop`; the bench awaits it after setting the input's files.
 */
export const PROBE_SOURCE = `(() => {
  const main = document.querySelector("main");
  if (!main) throw new Error("no <main> on the page");
  const before = Number(main.getAttribute("data-analysis-run") ?? "0");
  let changeAt;
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry);
  });
  observer.observe({ type: "longtask" });
  document.addEventListener("change", () => { changeAt = performance.now(); }, { capture: true, once: true });
  window.__k8sPkiDrop = new Promise((resolve, reject) => {
    const settle = () => {
      const run = Number(main.getAttribute("data-analysis-run") ?? "0");
      if (main.getAttribute("data-analysis") !== "done" || run <= before) return;
      if (!main.querySelector("[data-testid='graph'] svg [data-testid^='edge-']")) return;
      mutations.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const end = performance.now();
        // Long-task entries arrive asynchronously: give the last one a moment to be delivered.
        setTimeout(() => {
          for (const entry of observer.takeRecords()) longTasks.push(entry);
          observer.disconnect();
          if (changeAt === undefined) return reject(new Error("the input never fired change"));
          resolve({
            dropToRenderMs: end - changeAt,
            longTasksMs: longTasks
              .filter((t) => t.startTime + t.duration >= changeAt && t.startTime <= end)
              .map((t) => t.duration),
            run,
          });
        }, 100);
      }));
    };
    const mutations = new MutationObserver(settle);
    mutations.observe(main, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-analysis", "data-analysis-run"],
    });
  });
})()`;

/**
 * Source of a probe for one interaction (a click, a scroll): `window.__k8sPkiWatch()` starts
 * collecting long tasks and returns a function that, awaited after the interaction, resolves to
 * their durations once two more frames have been painted.
 */
export const INTERACTION_PROBE_SOURCE = `(() => {
  window.__k8sPkiWatch = () => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({ type: "longtask" });
    return () => new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
        for (const entry of observer.takeRecords()) tasks.push(entry.duration);
        observer.disconnect();
        resolve(tasks);
      }, 100)));
    });
  };
})()`;
