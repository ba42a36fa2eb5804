/**
 * Test support: run a real command-line checker (promtool, xmllint) on an output. A checker that is
 * not installed fails the test with the package that brings it — never a skip, so a machine
 * without it cannot pass by checking nothing (`.ci/run` installs them).
 */
import { spawnSync } from "node:child_process";

/** What a run of the tool gave back. */
export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The tool's path, or an Error naming the Debian package to install. */
export function requireTool(command: string, debianPackage: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" });
  const path = found.stdout.trim();
  if (found.status !== 0 || path === "")
    throw new Error(
      `${command} is not installed: apt-get install ${debianPackage} (CI installs it in .ci/run)`,
    );
  return path;
}

/** Run `command args…` with `input` on stdin; a tool that cannot be started throws. */
export function runTool(command: string, args: readonly string[], input?: string): ToolRun {
  const run = spawnSync(command, args, { input, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
