#!/usr/bin/env node
/**
 * The `k8s-pki` process: what belongs to the process rather than to a command — a closed pipe, a
 * bug's message, the exit code. scripts/build-cli.mjs bundles it to cli/dist/k8s-pki.mjs, the
 * package's `bin`; everything else lives in main.ts.
 */
import { setFlagsFromString } from "node:v8";
import { main } from "./main";

// A fleet's audit allocates far more than it keeps. V8's default lets the heap grow up to fourfold
// past what survives a collection; half again is plenty for a batch job and keeps a 5,000-node
// audit near 280 MB instead of 330 MB, at the same speed (measured with npm run bench:scale).
setFlagsFromString("--heap-growing-percent=50");

// `head` closing the pipe early is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Only bugs get here (expected failures are data); say so, keep the stack for the bug report.
  process.stderr.write(
    `k8s-pki: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 2;
}
