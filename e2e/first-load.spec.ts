/**
 * What a first visit costs before the demo's graph is painted, held without a clock: the JavaScript
 * the page itself loads (the scripts and chunks the window fetched, not the analysis Worker's) stays
 * within a committed byte budget; none of it is the code of what opens later — the break-it
 * scenarios with the certificate generator they bring, the lessons of the teaching mode; and the demo
 * is analysed once, in the Worker. `npm run bench:browser -- --demo-only` times the same visit.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { SCENARIOS } from "../lib/scenarios";
import { RELATIONSHIP_LESSONS } from "../lib/teach/lessons";
import { REPO_ROOT } from "../lib/test-support/fixtures";
import { testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";

/**
 * Bytes of JavaScript the first page may load before its graph is drawn: 953,225 when this budget
 * was set (with the panels above loaded on demand; 1,435,506 while they were imported eagerly), plus
 * about 15 % for the features to come. A view that the first paint does not show belongs behind
 * `next/dynamic` or a lazy `import()` (components/explorer/use-lazy-module.ts), not in this budget.
 */
const FIRST_LOAD_JS_BUDGET = 1_100_000;

/** Where the static export is: the files the server hands out, measured on disk. */
const OUT = join(REPO_ROOT, "out");

/**
 * Stretches of at least 32 characters that a minifier leaves as they are in a string literal (no
 * quotes, backslashes or characters it may escape), from each text: found in a chunk, they say the
 * module that holds the text is in it.
 */
function markersOf(texts: readonly string[]): string[] {
  return texts.flatMap((text) => text.match(/[A-Za-z0-9 ,.:;()-]{32,}/g) ?? []).map((s) => s.trim());
}

const LATER_CODE = {
  "the break-it scenarios (lib/scenarios, lib/generate)": markersOf(
    SCENARIOS.flatMap((scenario) => [scenario.title, scenario.teaches]),
  ),
  "the teaching mode's lessons (lib/teach/lessons.ts)": markersOf(
    Object.values(RELATIONSHIP_LESSONS).flatMap((lesson) => [lesson.talk, lesson.identity]),
  ),
};

/** Records the type of every request the page posts to a Worker, in `window.__workerRequests`. */
const RECORD_WORKER_REQUESTS = `(() => {
  const sent = [];
  window.__workerRequests = sent;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    sent.push(message && typeof message.type === "string" ? message.type : "?");
    return post.call(this, message, ...rest);
  };
})()`;

/** Paths of the JavaScript files the window loaded so far (Resource Timing; a Worker's are its own). */
async function pageScripts(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
  return [...new Set(urls.map((url) => new URL(url).pathname).filter((path) => path.endsWith(".js")))];
}

test.describe("a first visit, up to the demo's graph", () => {
  test("loads JavaScript within its budget, none of the panels opened later, and analyses the demo once", async ({
    explorer,
    page,
  }) => {
    await page.addInitScript(RECORD_WORKER_REQUESTS);
    await explorer.goto("/");
    await expect(explorer.main).toHaveAttribute("data-analysis-run", "1");
    await expect(page.locator("svg [data-testid^='edge-']").first()).toBeAttached();

    const scripts = await pageScripts(page);
    const sizes = scripts.map((path) => ({ path, bytes: statSync(join(OUT, path)).size }));
    const total = sizes.reduce((sum, file) => sum + file.bytes, 0);
    const listing = sizes.map((file) => `${file.path} ${file.bytes}`).join("\n");
    expect
      .soft(total, `JavaScript loaded before the graph:\n${listing}`)
      .toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);

    const loaded = scripts.map((path) => ({ path, text: readFileSync(join(OUT, path), "utf8") }));
    for (const [what, markers] of Object.entries(LATER_CODE)) {
      expect(markers.length, `markers of ${what}`).toBeGreaterThan(5);
      const found = loaded.filter((file) => markers.some((marker) => file.text.includes(marker)));
      expect
        .soft(
          found.map((file) => file.path),
          `${what} loaded before the graph`,
        )
        .toEqual([]);
    }

    // One analysis of the demo's files: no second judging of them (identify, another analyze).
    expect(await page.evaluate("window.__workerRequests")).toEqual(["analyze"]);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("opens a break-it scenario whose code it did not load before", async ({ explorer, page }) => {
    await explorer.goto("/#scenarios");
    const list = page.getByTestId(testIds.scenarioList);
    await expect(list).toBeVisible();
    await expect(list.getByRole("link").first()).toHaveText(SCENARIOS[0]!.title);
    expect(explorer.consoleErrors).toEqual([]);
  });
});
