#!/usr/bin/env node
// `npm test`: every check in CI order. No step stops the others; each is recorded, then one summary
// table and, as the very last line, `N passed, N failed` over unit tests, e2e tests and failed checks.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildCli } from "./build-cli.mjs";
import { addScriptHashes } from "./csp-hashes.mjs";
import { readJsonReport, repoRoot, runTool } from "./run-tool.mjs";
import { playwrightCounts, summarize, vitestCounts } from "./test-summary.mjs";

const vitestReport = join(repoRoot, "test-results", "vitest.json");
const e2eReport = join(repoRoot, "test-results", "e2e.json");
const steps = [];

async function check(name, tool, args) {
  const result = await runTool(name, tool, args);
  steps.push({ name, kind: "check", ...result });
  return result.exitCode === 0;
}

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

/** The inline scripts of the fresh export, allowed by hash in each page's policy (as `npm run build` does). */
async function cspHashesCheck() {
  console.log("\n\u25b6 csp hashes");
  const started = performance.now();
  const exitCode = await addScriptHashes(join(repoRoot, "out")).then(
    () => 0,
    (error) => {
      console.log(error);
      return 1;
    },
  );
  const durationMs = performance.now() - started;
  console.log(`${exitCode === 0 ? "\u2713" : "\u2717"} csp hashes`);
  steps.push({ name: "csp hashes", kind: "check", exitCode, durationMs });
  return exitCode === 0;
}

async function tests(name, tool, args, report, count, env) {
  rmSync(report, { force: true }); // a stale report must never stand in for a run that did not happen
  const result = await runTool(name, tool, args, env);
  const json = readJsonReport(report);
  steps.push({ name, kind: "tests", ...result, counts: json === undefined ? undefined : count(json) });
}

await staticChecks([
  ["format", ["prettier"], ["--check", "."]],
  ["lint", ["eslint"], ["--max-warnings", "0", "."]],
  ["typecheck", ["typescript", "tsc"], ["--noEmit", "-p", "tsconfig.json"]],
  ["typecheck lib", ["typescript", "tsc"], ["--noEmit", "-p", "lib/tsconfig.json"]],
]);
const cliBuilt = await buildCliCheck();
await tests(
  "unit",
  ["vitest"],
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  vitestReport,
  vitestCounts,
);
// Remove the previous export first, so a failed build can never be tested in its place.
rmSync(join(repoRoot, "out"), { recursive: true, force: true });
const built = (await check("build", ["next"], ["build"])) && (await cspHashesCheck());
if (built && cliBuilt) {
  await tests(
    "e2e",
    ["@playwright/test", "playwright"],
    ["test", "--reporter=list,json"],
    e2eReport,
    playwrightCounts,
    { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
  );
} else {
  steps.push({ name: "e2e", kind: "tests", exitCode: null, note: "no build to test" });
}

const summary = summarize(steps);
console.log(`\n${summary.table.join("\n")}\n`);
console.log(summary.last);
process.exitCode = summary.failed > 0 ? 1 : 0;
