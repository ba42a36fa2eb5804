/**
 * The page's long main-thread tasks from now on, as the browser reports them (PerformanceObserver
 * "longtask"): `watchLongTasks` starts recording in the page, `longTasks` reads the durations.
 */
import type { Page } from "@playwright/test";

const WATCH_LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
  }).observe({ type: "longtask" });
})()`;

export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(WATCH_LONG_TASKS);
}

/** The durations in milliseconds of the long tasks since `watchLongTasks`. */
export async function longTasks(page: Page): Promise<number[]> {
  return (await page.evaluate("window.__longTasks")) as number[];
}
