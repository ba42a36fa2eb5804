#!/usr/bin/env node
// The `k8s-pki` command. It runs the TypeScript sources through tsx's loader, so a checkout works
// without a build step; everything else lives in main.ts.
import { register } from "tsx/esm/api";

// `head` closing the pipe early is not an error worth a stack trace.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

register();
try {
  const { main } = await import("./main.ts");
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Only bugs get here (expected failures are data); say so, keep the stack for the bug report.
  process.stderr.write(
    `k8s-pki: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 2;
}
