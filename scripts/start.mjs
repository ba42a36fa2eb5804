#!/usr/bin/env node
// `npm start`: build the static site only when a source is newer than the last build, then serve it.
// Usage: node scripts/start.mjs [--rebuild] [serve.mjs options: --port N --host H --open]
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { addScriptHashes } from "./csp-hashes.mjs";
import { repoRoot, runTool } from "./run-tool.mjs";

/** What the static export is built from. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];
const OUT = join(repoRoot, "out");

/** The newest modification time under `path` (files only; test files and goldens do not ship). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "__golden__" || /\.test\.tsx?$/.test(entry.name)) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

const args = process.argv.slice(2);
const rebuild = args.includes("--rebuild");
const serveArgs = args.filter((arg) => arg !== "--rebuild");
// next build writes out/ afresh; a folder without its index.html is no build.
const builtAt = existsSync(join(OUT, "index.html")) ? statSync(OUT).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((source) => newest(join(repoRoot, source))));

if (rebuild || builtAt < sourcesAt) {
  console.log(
    builtAt === 0 ? "Building the site (first start)…" : "Sources changed since the last build: rebuilding…",
  );
  const build = await runTool("build", ["next"], ["build"]);
  if (build.exitCode !== 0) process.exit(build.exitCode);
  await addScriptHashes(OUT); // the pages' inline scripts, allowed by hash (as `npm run build` does)
} else {
  console.log("The build in out/ is up to date (npm start -- --rebuild forces one).");
}
const server = spawn(process.execPath, [join(repoRoot, "scripts", "serve.mjs"), ...serveArgs], {
  stdio: "inherit",
});
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
