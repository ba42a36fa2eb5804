#!/usr/bin/env node
/**
 * The `k8s-pki` process: what belongs to the process rather than to a command — a closed pipe, a
 * bug's message, the exit code. scripts/build-cli.mjs bundles it to cli/dist/k8s-pki.mjs, the
 * package's `bin`; everything else lives in main.ts.
 */
import { main } from "./main";

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
