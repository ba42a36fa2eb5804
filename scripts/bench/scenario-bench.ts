/**
 * `npm run bench -- --scenarios`: how long a break-it scenario takes in real Chromium against the
 * production static export, from the click to its painted graph (scripts/bench/scenario-probe.ts).
 * First, fresh pages (nothing cached) each open with the demo and click one scenario's link: a
 * class's first click. Then one page opens with the demo and stays open, as in a class: each timed
 * run clicks a scenario's link for the first time, then its "Fix it" (the healthy demo), then the
 * same button again (the scenario once more), then the previous scenario's link again. Last, a quiz
 * round on a fresh page times each "Next question". Between clicks the page is left until the
 * analysis Worker has answered everything, as a reader would leave it. Prints the median, min and
 * max of each kind of click with where the wait went, and writes bench-results/scenarios-<date>.json.
 * Run it under `stress --cpu 2` to see a busy machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";

import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";

import { chromium, type Browser, type Page } from "@playwright/test";

import { chromiumLaunchOptions } from "../../e2e/support/chromium-launch";
import { scenarioById } from "../../lib/scenarios/catalogue";
import { pushAll } from "../../lib/shared/collections";
import { REPO_ROOT } from "../../lib/test-support/fixtures";
import {
  SCENARIO_PROBE_SOURCE,
  scenarioFigures,
  type ScenarioFigures,
  type ScenarioTiming,
} from "./scenario-probe";
import { writeBenchRecord } from "./bench-results-file";
import { summarize, type Summary } from "./stats";
import { formatMs, textTable } from "./text-table";

// BENCH_PORT lets two checkouts measure side by side; BENCH_ROOT serves another static export.
const PORT = Number(process.env.BENCH_PORT ?? 4180);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const ROOT = resolve(process.env.BENCH_ROOT ?? join(REPO_ROOT, "out"));
const CLICK_TIMEOUT_MS = 120_000;
const progress = (message: string) => process.stderr.write(`${message}\n`);

/** Scenarios clicked in order: the first is the warm-up, then one per timed run (distinct, so never cached). */
export const SCENARIO_ORDER = [
  "front-proxy-shares-cluster-ca",
  "key-mismatch",
  "wrong-ca-etcd-client",
  "expired-admin-conf",
  "node-authorizer",
  "stale-kubeconfig-ca",
  "rotation-reissued-early",
  "missing-advertise-san",
  "bootstrap-token-left",
  "sa-key-mismatch",
  "rotation-old-ca-removed-early",
  "kubelet-no-system-nodes",
  "expired-kubelet-client-no-rotation",
] as const;

const KINDS = [
  "the page's first scenario",
  "scenario link, first time",
  "Fix it (healthy)",
  "Break it again",
  "previous scenario's link again",
  "quiz round: next question",
] as const;
type Kind = (typeof KINDS)[number];

interface Sample extends ScenarioFigures {
  kind: Kind;
  choice: string;
}

interface KindResult {
  kind: Kind;
  total: Summary;
  phases: Record<Exclude<keyof ScenarioFigures, "prepared" | "totalMs">, Summary>;
  prepared: number;
}

const PHASES = ["chunksMs", "demoFetchMs", "generateMs", "analysisMs", "renderMs"] as const;

function startServer(): ChildProcess {
  return spawn(
    process.execPath,
    [join(REPO_ROOT, "scripts", "serve.mjs"), "--port", String(PORT), "--root", ROOT],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${BASE_URL}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the static server did not answer on ${BASE_URL}`);
}

/** A fresh page (a browser context of its own: nothing cached) with the demo shown and the Worker idle. */
async function openPage(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(SCENARIO_PROBE_SOURCE);
  await page.goto(`${BASE_URL}/`);
  await page.locator('main[data-analysis="done"]').waitFor({ timeout: CLICK_TIMEOUT_MS });
  await page.evaluate("window.__k8sPkiIdle()");
  return page;
}

/**
 * A quiz round of `ids` on a fresh page: each question is answered by clicking its broken edge (a
 * second click if the first was taken as wrong: two wrong ends the question too), then the page is
 * left idle, as while the answer is discussed, and "Next question" is timed to the next scenario's
 * painted graph. The first question is not timed.
 */
async function timeRound(browser: Browser, errors: string[], ids: readonly string[]): Promise<Sample[]> {
  progress(
    `scenarios: a quiz round of ${ids.length} questions, ${ids.length - 1} timed "Next question" clicks`,
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(SCENARIO_PROBE_SOURCE);
  await page.goto(`${BASE_URL}/#quiz/round?s=${ids.join(",")}&t=600`);
  const panel = page.locator('[data-testid="quiz-round"]');
  const samples: Sample[] = [];
  for (const [index, id] of ids.entries()) {
    await page
      .locator(`main[data-scenario="${id}"][data-analysis="done"]`)
      .waitFor({ timeout: CLICK_TIMEOUT_MS });
    await panel.and(page.locator('[data-round-state="open"]')).waitFor({ timeout: CLICK_TIMEOUT_MS });
    const following = ids[index + 1];
    if (following === undefined) break;
    const scenario = scenarioById(id);
    const broken = `[data-testid="edge-${scenario?.relationshipKey ?? scenario?.relationship}"]`;
    // The broken edge first; if that click was taken as wrong, another edge: two wrong end it too.
    for (const edge of [
      page.locator(broken).first(),
      page.locator(`[data-testid^="edge-"]:not(${broken})`).first(),
    ]) {
      if ((await panel.getAttribute("data-round-state")) === "ended") break;
      if ((await edge.count()) > 0) await edge.dispatchEvent("click");
    }
    await panel.and(page.locator('[data-round-state="ended"]')).waitFor({ timeout: CLICK_TIMEOUT_MS });
    await page.evaluate("window.__k8sPkiIdle()");
    samples.push(await click(page, '[data-testid="quiz-round-next"]', following, KINDS[5], { quiz: true }));
  }
  await context.close();
  return samples;
}

/** One click, timed in the page; then the page is left until the Worker is idle. */
async function click(
  page: Page,
  action: string,
  choice: string,
  kind: Kind,
  options: { quiz?: boolean } = {},
): Promise<Sample> {
  const timing = (await page.evaluate(
    `Promise.race([window.__k8sPkiScenario(${JSON.stringify(action)}, ${JSON.stringify(choice)}), new Promise((_, reject) => setTimeout(() => reject(new Error("${choice} not shown within ${CLICK_TIMEOUT_MS} ms")), ${CLICK_TIMEOUT_MS}))])`,
  )) as ScenarioTiming;
  const figures = scenarioFigures(timing);
  const red = await page
    .locator("[data-testid^=edge-][data-status=error], [data-testid^=edge-][data-status=warning]")
    .count();
  // A quiz hides the colours until the question is answered.
  if (options.quiz ? red > 0 : choice === "healthy" ? red > 0 : red === 0)
    throw new Error(`${choice}: ${red} edges in error or warning, not what the scenario gives`);
  await page.evaluate("window.__k8sPkiIdle()");
  progress(`  ${kind}: ${choice} ${formatMs(figures.totalMs)} ms${figures.prepared ? " (prepared)" : ""}`);
  return { ...figures, kind, choice };
}

function summarizeKind(kind: Kind, samples: readonly Sample[]): KindResult {
  const mine = samples.filter((sample) => sample.kind === kind);
  const phase = (key: (typeof PHASES)[number]) => summarize(mine.map((sample) => sample[key]));
  return {
    kind,
    total: summarize(mine.map((sample) => sample.totalMs)),
    phases: {
      chunksMs: phase("chunksMs"),
      demoFetchMs: phase("demoFetchMs"),
      generateMs: phase("generateMs"),
      analysisMs: phase("analysisMs"),
      renderMs: phase("renderMs"),
    },
    prepared: mine.filter((sample) => sample.prepared).length,
  };
}

function render(results: readonly KindResult[], runs: number): string {
  return textTable(
    [
      "click → painted graph",
      "median ms",
      "min",
      "max",
      "chunks",
      "demo fetch",
      "generate",
      "analysis",
      "render",
      "prepared",
    ],
    results.map((r) => [
      r.kind,
      formatMs(r.total.median),
      formatMs(r.total.min),
      formatMs(r.total.max),
      ...PHASES.map((key) => formatMs(r.phases[key].median)),
      `${r.prepared}/${runs}`,
    ]),
  );
}

/** Runs the scenario bench; resolves to the exit code. */
export async function runScenarioBench(runs: number): Promise<number> {
  if (!existsSync(join(ROOT, "index.html"))) {
    console.error(`${ROOT} has no static export: run \`npm run build\` first.`);
    return 2;
  }
  if (runs > SCENARIO_ORDER.length - 1) {
    console.error(`--runs is at most ${SCENARIO_ORDER.length - 1} with --scenarios (one scenario per run)`);
    return 2;
  }
  const startedAt = new Date();
  const loadAverageAtStart = loadavg();
  const server = startServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await waitForServer();
    const errors: string[] = [];
    const samples: Sample[] = [];
    progress(`scenarios: ${runs} fresh pages, each with its first scenario`);
    for (const id of SCENARIO_ORDER.slice(1, runs + 1)) {
      const fresh = await openPage(browser, errors);
      samples.push(await click(fresh, `#scenario/${id}`, id, KINDS[0]));
      await fresh.context().close();
    }
    const page = await openPage(browser, errors);
    const fix = '[data-testid="scenario-fix"]';
    const [warmUp = "", ...order] = SCENARIO_ORDER;
    progress(`scenarios: on one page, 1 warm-up (${warmUp}), ${runs} timed runs of four clicks each`);
    await click(page, `#scenario/${warmUp}`, warmUp, KINDS[0]);
    let previous = warmUp;
    for (const id of order.slice(0, runs)) {
      samples.push(await click(page, `#scenario/${id}`, id, KINDS[1]));
      samples.push(await click(page, fix, "healthy", KINDS[2]));
      samples.push(await click(page, fix, id, KINDS[3]));
      samples.push(await click(page, `#scenario/${previous}`, previous, KINDS[4]));
      previous = id;
    }
    await page.context().close();
    pushAll(samples, await timeRound(browser, errors, order.slice(0, runs + 1)));
    if (errors.length > 0) throw new Error(`page errors: ${errors.join("; ")}`);
    const results = KINDS.map((kind) => summarizeKind(kind, samples));

    console.log(
      `\nk8s-pki scenario bench — ${browser.version()}, ${cpus().length} cores, ${runs} runs after 1 warm-up, ` +
        `one page at 1280×800; load average at start ${loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}, ` +
        `at end ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}\n`,
    );
    console.log(render(results, runs));
    console.log(
      "\nfrom the click (the hash set, or the button clicked) to the second frame after the scenario's report" +
        "\n  is shown with its graph drawn. Phases are medians, each over the runs: chunks = script chunks" +
        "\n  loaded after the click, demo fetch = the demo's manifest and archive, generate = the Worker's" +
        "\n  generation, analysis = analyze posted → its report, render = report → painted graph." +
        "\n  prepared = clicks whose files had been generated before the click.",
    );
    const record = {
      date: startedAt.toISOString(),
      browser: browser.version(),
      cpus: cpus().length,
      loadAverage: { start: loadAverageAtStart, end: loadavg() },
      runs,
      results,
      samples,
    };
    const file = await writeBenchRecord("scenarios", startedAt, record);
    console.log(`\nwrote ${file}`);
    return 0;
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}
