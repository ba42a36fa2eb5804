/**
 * `k8s-pki collect`: runs the node collector, public/k8s-pki-collect.sh, the very file the static
 * site serves, with `sh`, its output passed straight through. One script for both doors, so what
 * the page tells people to run and what the CLI runs never drift apart.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { constants } from "node:os";
import { packageFile } from "./package-root";
import { type CollectCommand, collectorArgs } from "./parse-collect-args";

/** The collector's path inside the package (listed in package.json `files`). */
export const COLLECTOR_SCRIPT = "public/k8s-pki-collect.sh";

/** Exit code when the collector cannot be started at all (as for a usage error). */
const EXIT_CANNOT_RUN = 2;

export interface CollectContext {
  stderr: { write(text: string): unknown };
  /** `process.platform`; the collector needs a POSIX shell, which Windows does not have. */
  platform?: NodeJS.Platform;
  /** The script to run (default: the package's own). */
  script?: string;
}

/**
 * Run the collector with the command's options and resolve with its exit code: 0 an archive was
 * written, 1 nothing was found, 2 a usage error, 3 the archive could not be written, 4 a private
 * key was left in a --public-keys-only archive. A collector that cannot start is exit 2 with a
 * one-line reason; one killed by a signal is 128 + the signal's number, as a shell reports it.
 */
export async function runCollect(command: CollectCommand, context: CollectContext): Promise<number> {
  const say = (message: string) => context.stderr.write(`k8s-pki: ${message}\n`);
  if ((context.platform ?? process.platform) === "win32") {
    say(
      "collect runs a POSIX sh script, which Windows does not have: run it on the node itself " +
        "(sh k8s-pki-collect.sh --public-keys-only), then audit the archive here",
    );
    return EXIT_CANNOT_RUN;
  }
  const script = context.script ?? packageFile(COLLECTOR_SCRIPT);
  if (!existsSync(script)) {
    say(`the collector ${script} is missing from this installation`);
    return EXIT_CANNOT_RUN;
  }
  return new Promise((resolve) => {
    const child = spawn("sh", [script, ...collectorArgs(command)], { stdio: "inherit" });
    child.on("error", (error: NodeJS.ErrnoException) => {
      say(
        error.code === "ENOENT"
          ? "no 'sh' on the PATH: the collector needs a POSIX shell"
          : `could not start sh: ${error.message}`,
      );
      resolve(EXIT_CANNOT_RUN);
    });
    child.on("exit", (code, signal) => {
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}
