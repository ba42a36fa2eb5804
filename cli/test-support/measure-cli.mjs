/**
 * Runs the bundled CLI in this process (`node measure-cli.mjs <bundle> args…`) and writes its CPU
 * time (every thread's, user and system) and peak resident memory to stderr as it exits, on a line
 * of its own: `k8s-pki-usage {"cpuMs":…,"maxRssMb":…}`.
 */
import { writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

process.on("exit", () => {
  const usage = process.resourceUsage();
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  writeSync(2, `\nk8s-pki-usage ${JSON.stringify({ cpuMs, maxRssMb: usage.maxRSS / 1024 })}\n`);
});
// The CLI reads its arguments from argv[2] on, as if started as `node <bundle> args…`.
process.argv.splice(1, 1);
await import(pathToFileURL(process.argv[1] ?? "").href);
