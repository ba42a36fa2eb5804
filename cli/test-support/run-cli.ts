/**
 * The command as users run it, for tests: a child process of the bundle (`node cli/dist/k8s-pki.mjs`,
 * built afresh before the tests by build-cli-setup.ts), its exit code and both streams.
 */
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
export const CLI_BIN = join(REPO_ROOT, "cli", "dist", "k8s-pki.mjs");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `k8s-pki args…` from the repository root with colour off; a non-zero exit is a result, not a throw. */
export async function runCli(args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI_BIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

export interface MeasuredResult extends CliResult {
  /** CPU time of the whole process (all its threads), user and system. */
  cpuMs: number;
  maxRssMb: number;
}

const MEASURE = join(REPO_ROOT, "cli", "test-support", "measure-cli.mjs");

/** `runCli`, with the process's CPU time and peak memory, for inputs built to cost them. */
export async function runCliMeasured(args: string[]): Promise<MeasuredResult> {
  let result: CliResult;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [MEASURE, CLI_BIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      maxBuffer: 256 * 1024 * 1024,
    });
    result = { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    result = { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
  const line = /\nk8s-pki-usage (\{.*\})\n$/.exec(result.stderr);
  if (!line?.[1]) throw new Error(`no usage line in: ${result.stderr.slice(-500)}`);
  const usage = JSON.parse(line[1]) as { cpuMs: number; maxRssMb: number };
  return { ...result, stderr: result.stderr.slice(0, line.index), ...usage };
}
