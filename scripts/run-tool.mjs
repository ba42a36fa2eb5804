// Runs the project's own tools (from node_modules, with this Node, no npx or shell) and times them.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "..");

/** Environment every tool runs in: a pinned time zone, no telemetry, never a browser download. */
export const toolEnv = {
  ...process.env,
  TZ: "UTC",
  NEXT_TELEMETRY_DISABLED: "1",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
};

/** The script behind a package's command, e.g. toolBin("typescript", "tsc"). */
export function toolBin(pkg, command = pkg) {
  const manifest = join(repoRoot, "node_modules", pkg, "package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  const script = typeof bin === "string" ? bin : bin?.[command];
  if (!script) throw new Error(`${pkg} has no "${command}" command`);
  return join(dirname(manifest), script);
}

/**
 * Runs one tool with inherited output and resolves with its exit code (never rejects): a tool that
 * cannot start or dies from a signal is reported as a failure with the reason, not as an exception.
 */
export function runTool(title, [pkg, command], args, env = {}) {
  console.log(`\n\u25b6 ${title}`);
  const started = performance.now();
  const done = (exitCode, note) => {
    const durationMs = performance.now() - started;
    const seconds = (durationMs / 1000).toFixed(1);
    console.log(`${exitCode === 0 ? "\u2713" : "\u2717"} ${title} (${seconds}s)${note ? `: ${note}` : ""}`);
    return { exitCode, durationMs, ...(note ? { note } : {}) };
  };
  return new Promise((resolvePromise) => {
    let bin;
    try {
      bin = toolBin(pkg, command);
    } catch (error) {
      return resolvePromise(done(127, `cannot find ${pkg}: ${error.message}`));
    }
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: repoRoot,
      stdio: "inherit",
      env: { ...toolEnv, ...env },
    });
    child.on("error", (error) => resolvePromise(done(127, `cannot start: ${error.message}`)));
    child.on("exit", (code, signal) =>
      resolvePromise(signal ? done(1, `killed by ${signal}`) : done(code ?? 1)),
    );
  });
}

/** A JSON report a tool wrote, or undefined (with the reason printed) when it is absent or unreadable. */
export function readJsonReport(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    console.log(`No readable report at ${path}: ${error.message}`);
    return undefined;
  }
}
