#!/usr/bin/env node
// `npm test`: every check in CI order. No step stops the others; each is recorded, then one summary
// table and, as the very last line, `N passed, N failed` over unit tests, e2e tests and failed checks.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildCli } from "./build-cli.mjs";
import { addScriptHashes } from "./csp-hashes.mjs";
import { readJsonReport, repoRoot, runTool, toolBin, toolEnv } from "./run-tool.mjs";
import { playwrightCounts, summarize, vitestCounts } from "./test-summary.mjs";

const vitestReport = join(repoRoot, "test-results", "vitest.json");
const e2eReport = join(repoRoot, "test-results", "e2e.json");
const steps = [];

/**
 * The static checks, run side by side: each is mostly one thread, so on two cores or more they take
 * about as long as the longest. Recorded in this order whatever order they finish in.
 */
async function staticChecks(list) {
  const results = await Promise.all(list.map(([name, tool, args]) => runTool(name, tool, args)));
  list.forEach(([name], index) => steps.push({ name, kind: "check", ...results[index] }));
}

/** The CLI bundle that the unit and e2e tests spawn, built in-process (esbuild prints its own errors). */
async function buildCliCheck() {
  console.log("\n\u25b6 build cli");
  const started = performance.now();
  const exitCode = await buildCli().then(
    () => 0,
    (error) => {
      if (!(error instanceof Error && "errors" in error)) console.log(error);
      return 1;
    },
  );
  const durationMs = performance.now() - started;
  console.log(`${exitCode === 0 ? "\u2713" : "\u2717"} build cli (${(durationMs / 1000).toFixed(1)}s)`);
  steps.push({ name: "build cli", kind: "check", exitCode, durationMs });
  return exitCode === 0;
}

/**
 * `next build`, then the inline scripts of the fresh export allowed by hash in each page's policy (as
 * `npm run build` does), while the unit tests run: its output is held back and printed in one piece
 * when it ends, so the two logs do not interleave. Resolves with the two steps, in that order.
 */
async function buildSite() {
  const started = performance.now();
  const output = [];
  const exitCode = await new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [toolBin("next"), "build"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
      env: toolEnv,
    });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => {
      output.push(Buffer.from(`cannot start next build: ${error.message}\n`));
      resolvePromise(127);
    });
    child.on("close", (code, signal) => {
      if (signal) output.push(Buffer.from(`next build killed by ${signal}\n`));
      resolvePromise(signal ? 1 : (code ?? 1));
    });
  });
  const durationMs = performance.now() - started;
  console.log(`\n\u25b6 build (beside the unit tests)\n${Buffer.concat(output).toString("utf8").trimEnd()}`);
  console.log(`${exitCode === 0 ? "\u2713" : "\u2717"} build (${(durationMs / 1000).toFixed(1)}s)`);
  const build = { name: "build", kind: "check", exitCode, durationMs };
  if (exitCode !== 0) return [build];

  console.log("\n\u25b6 csp hashes");
  const hashStarted = performance.now();
  const hashExit = await addScriptHashes(join(repoRoot, "out")).then(
    () => 0,
    (error) => {
      console.log(error);
      return 1;
    },
  );
  console.log(`${hashExit === 0 ? "\u2713" : "\u2717"} csp hashes`);
  return [
    build,
    { name: "csp hashes", kind: "check", exitCode: hashExit, durationMs: performance.now() - hashStarted },
  ];
}

/** Runs a test tool and returns its step, with the counts of the JSON report it wrote. */
async function tests(name, tool, args, report, count, env) {
  rmSync(report, { force: true }); // a stale report must never stand in for a run that did not happen
  const result = await runTool(name, tool, args, env);
  const json = readJsonReport(report);
  return { name, kind: "tests", ...result, counts: json === undefined ? undefined : count(json) };
}

await staticChecks([
  ["format", ["prettier"], ["--check", "."]],
  ["lint", ["eslint"], ["--max-warnings", "0", "."]],
  ["typecheck", ["typescript", "tsc"], ["--noEmit", "-p", "tsconfig.json"]],
  ["typecheck lib", ["typescript", "tsc"], ["--noEmit", "-p", "lib/tsconfig.json"]],
]);
const cliBuilt = await buildCliCheck();
// Remove the previous export first, so a failed build can never be tested in its place.
rmSync(join(repoRoot, "out"), { recursive: true, force: true });
// The static export is built while the unit tests run: no unit test reads out/, and the build
// fills the cores the test files leave idle while they wait on their processes. The steps are
// recorded in this order whatever order they finish in.
const [unitStep, siteSteps] = await Promise.all([
  tests(
    "unit",
    ["vitest"],
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
    vitestReport,
    vitestCounts,
  ),
  buildSite(),
]);
steps.push(unitStep, ...siteSteps);
const built = siteSteps.every((step) => step.exitCode === 0);
if (built && cliBuilt) {
  steps.push(
    await tests(
      "e2e",
      ["@playwright/test", "playwright"],
      ["test", "--reporter=list,json"],
      e2eReport,
      playwrightCounts,
      { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
    ),
  );
} else {
  steps.push({ name: "e2e", kind: "tests", exitCode: null, note: "no build to test" });
}

const summary = summarize(steps);
console.log(`\n${summary.table.join("\n")}\n`);
console.log(summary.last);
process.exitCode = summary.failed > 0 ? 1 : 0;
