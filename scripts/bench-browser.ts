/**
 * `npm run bench:browser`: what a user waits for, in real Chromium against the production static
 * export. First a visit: fresh page loads (a new browser context each, so nothing is cached), timed
 * from the first contentful paint to the demo cluster's painted graph (scripts/bench/demo-load-probe.ts).
 * Then drops: each timed drop opens a fresh page (the demo cluster loads first, as on a first visit),
 * hands a folder or an archive to the page's own file input, and measures from the input's
 * `change` event to the painted graph, plus the main thread's long tasks meanwhile (see
 * scripts/bench/browser-probe.ts) and the page's JavaScript heap once it is drawn. Inputs: the real
 * kubeadm v1.20 output, the generated healthy node, and synthetic clusters of N workers (each with a
 * kubelet client pair and a serverTLSBootstrap serving pair) as one .tar.gz each. On a cluster the
 * bench then selects the kubelet group and pages the inventory to its end, and times the longest
 * main-thread task of each. Prints medians and writes bench-results/browser-<date>.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

import { chromium, type Browser, type Page } from "@playwright/test";
import { gzipSync } from "fflate";

import { chromiumLaunchOptions } from "../e2e/support/chromium-launch";
import { FIXTURE_NOW, REPO_ROOT, SAMPLE_NOW, fixtureDir, readTree } from "../lib/test-support/fixtures";
import {
  dropFigures,
  INTERACTION_PROBE_SOURCE,
  PROBE_SOURCE,
  type DropFigures,
  type DropTiming,
} from "./bench/browser-probe";
import {
  DEMO_LOAD_PROBE_SOURCE,
  demoLoadFigures,
  type DemoLoadFigures,
  type DemoLoadTiming,
} from "./bench/demo-load-probe";
import { healthyClusterCa } from "./bench/fixture-inputs";
import {
  BROWSER_BENCH_USAGE,
  dropRuns,
  MIN_DEMO_LOADS,
  parseBrowserBenchArgs,
} from "./bench/parse-browser-bench-args";
import { writeBenchRecord } from "./bench/bench-results-file";
import { summarize, type Summary } from "./bench/stats";
import { generateWorkers, syntheticCluster } from "./bench/synthetic-cluster";
import { writeTar } from "../lib/archive/write-tar";
import { formatMs, textTable } from "./bench/text-table";

// BENCH_PORT lets two checkouts measure side by side.
const PORT = Number(process.env.BENCH_PORT ?? 4179);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DROP_TIMEOUT_MS = 120_000;
const progress = (message: string) => process.stderr.write(`${message}\n`);

interface DropInput {
  name: string;
  /** `?at=` of the page: the instant the input is judged at. */
  at: string;
  /** A folder for the webkitdirectory input, or files for the plain one. */
  folder?: string;
  files?: string[];
  /** Worker nodes of a synthetic cluster; absent for a fixture. */
  workers?: number;
}

/** One drop, its heap once drawn and, on a cluster, the longest task of each interaction after it. */
interface DropSample extends DropFigures {
  /** The page's (main thread's) JavaScript heap in use once the graph is drawn, in MB. */
  heapMb: number;
  /** The longest main-thread task of each interaction, by name (0 when none exceeded 50 ms). */
  interactions: Record<string, number>;
}

interface InputFigures {
  input: string;
  runs: number;
  dropToRender: Summary;
  longestTask: Summary;
  blocking: Summary;
  heapMb: Summary;
  interactions: Record<string, Summary>;
  samples: DropSample[];
}

/** The demo's first visit: first paint → painted graph over fresh page loads. */
interface DemoLoadResult {
  runs: number;
  firstPaintToGraph: Summary;
  longestTask: Summary;
  blocking: Summary;
  /** Medians of where the wait went (see DemoLoadFigures.phases); absent when no load had a Worker. */
  phases?: { workerStarted: Summary; report: Summary; render: Summary };
  samples: DemoLoadFigures[];
}

/** One row of the printed table. */
interface Row {
  name: string;
  toGraph: Summary;
  longestTask: Summary;
  blocking: Summary;
  heapMb?: Summary;
}

/**
 * What happens on a cluster after its drop, each timed by the longest main-thread task it causes.
 * Elements are found by CSS and waited for by a polling function in the page: Playwright's role and
 * text queries walk the page's accessibility tree on its main thread and would be measured too.
 */
const INTERACTIONS = {
  "the renewal plan arrives": async (page: Page) => {
    await page.waitForFunction(() => document.querySelector('[data-testid="renewal-day"]') !== null, null, {
      timeout: DROP_TIMEOUT_MS,
      polling: 250,
    });
  },
  "select the kubelet group": async (page: Page) => {
    await page.locator('[data-node="kubelets"]').first().click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="detail-panel"] h2')].some((heading) =>
          heading.textContent?.includes("kubelet"),
        ),
      null,
      { polling: 100 },
    );
  },
  "inventory: last page": async (page: Page) => {
    const last = page.locator('[data-testid="inventory"] [data-pager] button[aria-label="Last page"]');
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLButtonElement>(
          '[data-testid="inventory"] [data-pager] button[aria-label="Last page"]',
        )?.disabled === true,
      null,
      { polling: 100 },
    );
  },
} satisfies Record<string, (page: Page) => Promise<void>>;

async function interact(page: Page): Promise<Record<string, number>> {
  await page.evaluate(INTERACTION_PROBE_SOURCE);
  const longest: Record<string, number> = {};
  for (const [name, act] of Object.entries(INTERACTIONS)) {
    await page.evaluate("window.__k8sPkiStop = window.__k8sPkiWatch()");
    await act(page);
    const tasks = (await page.evaluate("window.__k8sPkiStop()")) as number[];
    longest[name] = Math.max(0, ...tasks);
  }
  return longest;
}

const DEMO_ROW = "demo: first paint → painted graph";

function startServer(): ChildProcess {
  return spawn(process.execPath, [join(REPO_ROOT, "scripts", "serve.mjs"), "--port", String(PORT)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${BASE_URL}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the static server did not answer on ${BASE_URL}`);
}

/** One drop on a fresh page: the figures, after checking that the graph came out as it should. */
async function timeDrop(browser: Browser, input: DropInput): Promise<DropSample> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    await page.goto(`${BASE_URL}/?at=${input.at.slice(0, 10)}`);
    const main = page.locator("main");
    await main.and(page.locator('[data-analysis="done"]')).waitFor({ timeout: DROP_TIMEOUT_MS });
    await page.evaluate(PROBE_SOURCE);
    if (input.folder) await page.locator("input[type=file][webkitdirectory]").setInputFiles(input.folder);
    else await page.locator("input[type=file]:not([webkitdirectory])").setInputFiles(input.files ?? []);
    const timing = await page.evaluate(
      `Promise.race([window.__k8sPkiDrop, new Promise((_, reject) => setTimeout(() => reject(new Error("no report within ${DROP_TIMEOUT_MS} ms")), ${DROP_TIMEOUT_MS}))])`,
    );
    const statuses = await page
      .locator("[data-testid^=edge-][data-status]")
      .evaluateAll((edges) => edges.map((edge) => edge.getAttribute("data-status")));
    if (statuses.length === 0) throw new Error(`${input.name}: no edge was drawn`);
    if (statuses.includes("error"))
      throw new Error(`${input.name}: an edge is in error; the input is not healthy`);
    const cdp = await page.context().newCDPSession(page);
    const heap = await cdp.send("Runtime.getHeapUsage");
    const interactions = input.workers === undefined ? {} : await interact(page);
    if (errors.length > 0) throw new Error(`${input.name}: page errors: ${errors.join("; ")}`);
    return {
      ...dropFigures(timing as DropTiming),
      heapMb: Math.round(heap.usedSize / 1e6),
      interactions,
    };
  } finally {
    await page.close();
  }
}

/** One first visit in a fresh browser context (no cache, no storage): the figures, once the demo is drawn. */
async function timeDemoLoad(browser: Browser): Promise<DemoLoadFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(DEMO_LOAD_PROBE_SOURCE);
    await page.goto(`${BASE_URL}/`);
    const timing = await page.evaluate(
      `Promise.race([window.__k8sPkiDemoLoad, new Promise((_, reject) => setTimeout(() => reject(new Error("no demo graph within ${DROP_TIMEOUT_MS} ms")), ${DROP_TIMEOUT_MS}))])`,
    );
    if ((await page.getByText("Demo cluster (sample data)").count()) === 0)
      throw new Error("the page did not open with the demo cluster");
    if (errors.length > 0) throw new Error(`demo: page errors: ${errors.join("; ")}`);
    return demoLoadFigures(timing as DemoLoadTiming);
  } finally {
    await context.close();
  }
}

async function measureDemoLoad(browser: Browser, runs: number): Promise<DemoLoadResult> {
  progress(`demo: 1 warm-up, ${runs} timed page loads`);
  await timeDemoLoad(browser);
  const samples: DemoLoadFigures[] = [];
  for (let run = 0; run < runs; run++) samples.push(await timeDemoLoad(browser));
  const phases = samples.flatMap((s) => (s.phases ? [s.phases] : []));
  return {
    runs,
    firstPaintToGraph: summarize(samples.map((s) => s.firstPaintToGraphMs)),
    longestTask: summarize(samples.map((s) => s.longestTaskMs)),
    blocking: summarize(samples.map((s) => s.blockingMs)),
    ...(phases.length > 0
      ? {
          phases: {
            workerStarted: summarize(phases.map((p) => p.workerStartedMs)),
            report: summarize(phases.map((p) => p.reportMs)),
            render: summarize(phases.map((p) => p.renderMs)),
          },
        }
      : {}),
    samples,
  };
}

/** One line on where a first visit's wait went, from the medians of its phases. */
function renderDemoPhases(phases: NonNullable<DemoLoadResult["phases"]>): string {
  return (
    `demo phases (medians, from the first paint): the Worker started at ${formatMs(phases.workerStarted.median)} ms, ` +
    `its report arrived at ${formatMs(phases.report.median)} ms; report → painted graph ${formatMs(phases.render.median)} ms`
  );
}

async function measure(browser: Browser, input: DropInput, asked: number): Promise<InputFigures> {
  const { runs, warmUp } = dropRuns(asked, input.workers);
  progress(`${input.name}: ${warmUp ? "1 warm-up, " : ""}${runs} timed drops`);
  if (warmUp) await timeDrop(browser, input);
  const samples: DropSample[] = [];
  for (let run = 0; run < runs; run++) samples.push(await timeDrop(browser, input));
  const names = Object.keys(samples[0]?.interactions ?? {});
  return {
    input: input.name,
    runs,
    dropToRender: summarize(samples.map((s) => s.dropToRenderMs)),
    longestTask: summarize(samples.map((s) => s.longestTaskMs)),
    blocking: summarize(samples.map((s) => s.blockingMs)),
    heapMb: summarize(samples.map((s) => s.heapMb)),
    interactions: Object.fromEntries(
      names.map((name) => [name, summarize(samples.map((s) => s.interactions[name] ?? 0))]),
    ),
    samples,
  };
}

/** The dropped inputs; each synthetic cluster is packed into `scratch`. */
async function dropInputs(scratch: string, workerCounts: readonly number[]): Promise<DropInput[]> {
  const healthyFiles = readTree(fixtureDir("healthy"));
  const largest = Math.max(...workerCounts);
  progress(`generating ${largest} workers, each with a kubelet client and a serving pair`);
  const workers = await generateWorkers(largest, healthyClusterCa(), globalThis.crypto, { serving: true });
  const clusters: DropInput[] = [];
  for (const count of workerCounts) {
    const archive = join(scratch, `cluster-${count}-workers.tar.gz`);
    await writeFile(archive, gzipSync(writeTar(syntheticCluster(healthyFiles, workers, count))));
    progress(`packed the healthy node and ${count} workers as ${archive}`);
    clusters.push({
      name: `N=${count} workers (.tar.gz)`,
      at: FIXTURE_NOW,
      files: [archive],
      workers: count,
    });
  }
  return [
    { name: "kubeadm-v1.20 (folder)", at: SAMPLE_NOW, folder: fixtureDir("kubeadm-v1.20") },
    { name: "healthy (folder)", at: FIXTURE_NOW, folder: fixtureDir("healthy") },
    ...clusters,
  ];
}

function render(rows: readonly Row[]): string {
  return textTable(
    [
      "measured",
      "→graph median ms",
      "min",
      "max",
      "longest task median ms",
      "max",
      "blocking median ms",
      "heap median MB",
    ],
    rows.map((r) => [
      r.name,
      formatMs(r.toGraph.median),
      formatMs(r.toGraph.min),
      formatMs(r.toGraph.max),
      formatMs(r.longestTask.median),
      formatMs(r.longestTask.max),
      formatMs(r.blocking.median),
      r.heapMb ? String(Math.round(r.heapMb.median)) : "",
    ]),
  );
}

function renderInteractions(results: readonly InputFigures[]): string {
  const rows = results.flatMap((r) =>
    Object.entries(r.interactions).map(([name, longest]) => [
      `${r.input}: ${name}`,
      formatMs(longest.median),
      formatMs(longest.max),
    ]),
  );
  return textTable(["after the drop", "longest task median ms", "max"], rows);
}

async function main(): Promise<number> {
  const parsed = parseBrowserBenchArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.reason}\n\n${BROWSER_BENCH_USAGE}`);
    return 2;
  }
  const args = parsed.value;
  if (args.help) {
    console.log(BROWSER_BENCH_USAGE);
    return 0;
  }
  if (!existsSync(join(REPO_ROOT, "out", "index.html"))) {
    console.error("out/ has no static export: run `npm run build` first.");
    return 2;
  }
  const startedAt = new Date();
  const loadAverageAtStart = loadavg();

  const scratch = await mkdtemp(join(tmpdir(), "k8s-pki-bench-"));
  const inputs = args.demoOnly ? [] : await dropInputs(scratch, args.workers);

  const server = startServer();
  let browser: Browser | undefined;
  try {
    await waitForServer();
    browser = await chromium.launch(chromiumLaunchOptions);
    const demoLoad = await measureDemoLoad(browser, Math.max(MIN_DEMO_LOADS, args.runs));
    const results: InputFigures[] = [];
    for (const input of inputs) results.push(await measure(browser, input, args.runs));

    console.log(
      `\nk8s-pki browser bench — ${browser.version()}, ${demoLoad.runs} page loads` +
        `${args.demoOnly ? "" : ` and ${args.runs} drops per input`} after 1 warm-up each, ` +
        `each on a fresh page at 1280×800; load average at start ` +
        `${loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}, at end ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}\n`,
    );
    const demoRow = { name: DEMO_ROW, toGraph: demoLoad.firstPaintToGraph, ...demoLoad };
    const dropRows = results.map((r) => ({ name: `drop: ${r.input}`, toGraph: r.dropToRender, ...r }));
    console.log(render([demoRow, ...dropRows]));
    if (demoLoad.phases) console.log(`\n${renderDemoPhases(demoLoad.phases)}`);
    if (results.some((r) => Object.keys(r.interactions).length > 0))
      console.log(`\n${renderInteractions(results)}`);
    console.log(
      "\ndemo: a first visit (fresh browser context), from the first contentful paint to the second frame after" +
        "\n  the demo's report is rendered with its graph drawn." +
        "\ndrop: from the input's change event to the second frame after the report is rendered." +
        "\nlongest task / blocking: main-thread tasks over 50 ms meanwhile (blocking = their excess over 50 ms, summed)." +
        "\nheap: the page's JavaScript heap in use once the graph is drawn (the analysis Worker's is apart)." +
        "\nafter the drop: the longest main-thread task from the click to two frames after the page settled.",
    );
    const record = {
      date: startedAt.toISOString(),
      browser: browser.version(),
      cpus: cpus().length,
      loadAverage: { start: loadAverageAtStart, end: loadavg() },
      runs: args.runs,
      workers: args.workers,
      demoLoad,
      results,
    };
    const file = await writeBenchRecord("browser", startedAt, record);
    console.log(`\nwrote ${file}`);
    return 0;
  } finally {
    await browser?.close();
    server.kill("SIGTERM");
    await rm(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
