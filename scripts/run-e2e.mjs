#!/usr/bin/env node
// `npm run test:e2e [-- playwright args]`: builds the static export if there is none and the CLI
// bundle (some specs compare the CLI's report with the page's), then runs Playwright against them and
// ends with `N passed, N failed`.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildCli } from "./build-cli.mjs";
import { addScriptHashes } from "./csp-hashes.mjs";
import { readJsonReport, repoRoot, runTool } from "./run-tool.mjs";
import { playwrightCounts, summarize } from "./test-summary.mjs";

const args = process.argv.slice(2);
const report = join(repoRoot, "test-results", "e2e.json");

if (!existsSync(join(repoRoot, "out", "index.html"))) {
  const build = await runTool("build (out/ is missing)", ["next"], ["build"]);
  if (build.exitCode !== 0) {
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
  await addScriptHashes(join(repoRoot, "out")); // as `npm run build` does
}

// Always rebuilt: esbuild takes well under a second, and a stale bundle would judge old sources.
try {
  await buildCli();
} catch (error) {
  if (!(error instanceof Error && "errors" in error)) console.log(error);
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const ownReporter = args.some((arg) => arg.startsWith("--reporter"));
rmSync(report, { force: true });
const run = await runTool(
  "e2e",
  ["@playwright/test", "playwright"],
  ["test", ...(ownReporter ? [] : ["--reporter=list,json"]), ...args],
  { PLAYWRIGHT_JSON_OUTPUT_FILE: report },
);
if (!ownReporter) {
  const counts = playwrightCounts(readJsonReport(report));
  console.log(summarize([{ name: "e2e", kind: "tests", ...run, counts }]).last);
}
process.exit(run.exitCode);
