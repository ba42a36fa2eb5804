/**
 * `k8s-pki`: a thin shell over lib/analyze and the formatters. It owns everything lib/ may not
 * touch — the clock, the disk, the terminal, the exit code — and keeps stdout for the report alone
 * (messages go to stderr), so `--format json` can be piped straight into jq.
 */
import { fstatSync, readFileSync } from "node:fs";
import type { AnalyzeProgress } from "../lib/analysis-progress";
import { inertText } from "../lib/format/inert-text";
import type { InputDigest } from "../lib/format/input-digest";
import type { InputFile } from "../lib/inventory";
import type { Policy } from "../lib/policy/policy";
import type { Report } from "../lib/report";
import { HELP_TEXT } from "./help-text";
import { packageFile } from "./package-root";
import { type AuditCommand, parseCliArgs } from "./parse-args";
import {
  type ProgressReporter,
  SILENT_PROGRESS,
  createProgressReporter,
  showsProgress,
} from "./progress-reporter";
import { ThreadPreparers } from "./thread-preparers";
import { readInput } from "./read-input";
import { pushAll } from "../lib/shared/collections";

/** Exit code for usage errors, unreadable inputs and audits that could not run. */
export const EXIT_USAGE = 2;

export type AnalyzeFunction = (
  files: InputFile[],
  options: {
    now: Date;
    warnDays?: number;
    warnFraction?: number;
    caHorizonDays?: number;
    passwords?: readonly string[];
    consumeInput?: boolean;
    crypto?: Crypto;
    onProgress?: (progress: AnalyzeProgress) => void;
  },
) => Promise<Report>;

/** Where the CLI writes and what it reads from its environment; `process` in production. */
export interface CliContext {
  /** `isFile`: a regular file (a `>` redirection), neither a terminal nor a pipe. */
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number; isFile?: boolean };
  /** On a terminal (`isTTY`), a long audit shows its progress here. */
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
  /** The real clock, read only when `--now` is absent. */
  clock: () => Date;
  /** Milliseconds from a monotonic clock, timing the progress line (default `performance.now`). */
  monotonic?: () => number;
  /** The analysis; loaded lazily by default so `--help` does not pay for the crypto libraries. */
  analyze?: AnalyzeFunction;
  /** Worker threads preparing files (`K8S_PKI_THREADS`); 0 or absent: none. */
  threads?: number;
  /** The demo archive `generate` reuses keys from (default: the package's public/demo/demo.tar.gz). */
  demoArchive?: string;
}

/**
 * Run the command line `argv` (without node and the script path) and return the exit code:
 * 0 no finding at or above `--fail-on` (default: error), 1 at least one, 2 usage or I/O failure,
 * or an input not judged in full (some input not read, or nothing to judge) unless
 * `--allow-missing`; `generate` exits 0 once its files are written, 2 when they cannot be; `collect`
 * exits with the node collector's own code.
 * Never calls `process.exit`, so stdout is flushed however large the report is.
 */
export async function main(argv: string[], context: CliContext = processContext()): Promise<number> {
  // `explain` has a grammar of its own: its first argument is free text, not an input.
  if (argv[0] === "explain") return (await import("./explain")).runExplain(argv.slice(1), context);
  const command = parseCliArgs(argv);
  switch (command.kind) {
    case "help":
      context.stdout.write(HELP_TEXT);
      return 0;
    case "version":
      context.stdout.write(`${readVersion()}\n`);
      return 0;
    case "usage-error":
      writeMessage(context, command.message);
      return EXIT_USAGE;
    case "audit":
      return audit(command, context);
    case "generate":
    case "generate-list":
      // Loaded only for generate, so audit and --help do not pay for the generator.
      return (await import("./generate")).runGenerate(command, context);
    case "collect":
      return (await import("./collect")).runCollect(command, context);
    case "diff":
      return (await import("./diff")).runDiff(command, context);
  }
}

/**
 * One message on stderr. Messages quote the input — file names, kubeconfig and argument names — so
 * they are written inert: an escape or a line break in a name is shown, never acted on.
 */
function writeMessage(context: CliContext, message: string): void {
  context.stderr.write(`k8s-pki: ${inertText(message)}\n`);
}

/**
 * Passwords from `--password-file`s, one a line (CRLF or LF; blank lines dropped, other spaces
 * kept: they may be part of a password). A file that cannot be read is named, its content never.
 */
function readPasswords(files: string[]): { ok: true; passwords: string[] } | { ok: false; error: string } {
  const passwords: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
      return { ok: false, error: `cannot read --password-file '${file}'${code ? ` (${code})` : ""}` };
    }
    pushAll(
      passwords,
      text.split(/\r?\n/).filter((line) => line !== ""),
    );
  }
  return { ok: true, passwords };
}

/** `--policy FILE`: the policy, or a message naming the file and what is wrong in it. */
async function readPolicyFile(file: string) {
  const { readPolicyFileText } = await import("./policy-file");
  return readPolicyFileText(file);
}

/** The progress line of this audit: a silent one unless a person watches (see showsProgress). */
function progressFor(command: AuditCommand, context: CliContext): ProgressReporter {
  const { stdout, stderr, env } = context;
  const shown = showsProgress({
    stderrIsTTY: stderr.isTTY,
    stdoutIsTerminalOrFile: stdout.isTTY === true || stdout.isFile === true,
    format: command.format,
    term: env.TERM,
  });
  if (!shown) return SILENT_PROGRESS;
  return createProgressReporter({
    write: (text) => stderr.write(text),
    now: context.monotonic ?? (() => performance.now()),
    ...(stderr.columns ? { width: stderr.columns } : {}),
  });
}

async function audit(command: AuditCommand, context: CliContext): Promise<number> {
  const progress = progressFor(command, context);
  try {
    return await auditWith(command, context, progress);
  } finally {
    progress.clear();
  }
}

async function auditWith(
  command: AuditCommand,
  context: CliContext,
  progress: ProgressReporter,
): Promise<number> {
  // Every message clears the progress line first, so none is written after it on its line.
  const say = (message: string) => {
    progress.clear();
    writeMessage(context, message);
  };
  const secrets = readPasswords(command.passwordFiles);
  if (!secrets.ok) {
    say(secrets.error);
    return EXIT_USAGE;
  }
  const policy = command.policyFile === undefined ? undefined : await readPolicyFile(command.policyFile);
  if (policy && !policy.ok) {
    say(policy.reason);
    return EXIT_USAGE;
  }
  // With K8S_PKI_THREADS, other cores prepare the files while the analysis records them (large
  // inputs only, archives expanded first).
  const preparers = context.threads ? new ThreadPreparers({ threads: context.threads }) : undefined;
  const input = await readInput(command.inputs, {
    onNote: say,
    onFileRead: (done) => progress.update({ stage: "files", done }),
  });
  if (!input.ok) {
    say(input.error);
    return EXIT_USAGE;
  }
  // Unreadable entries come as stand-ins (named in the report); only the others were read.
  const hadFiles = input.files.some((file) => file.unreadable === undefined);
  if (input.files.length === 0) say("no files found in the input");
  if (input.names.length > 1) {
    const { mixedClusterNotes } = await import("./mixed-clusters");
    for (const note of await mixedClusterNotes(input.files, input.names, secrets.passwords))
      say(`note: ${note}`);
  }
  if (command.whatIf)
    return whatIf(command, command.whatIf, input.files, secrets.passwords, context, say, policy?.value);
  // The HTML report names its input by digest: taken before the analysis frees the files' bytes.
  const digest =
    command.format === "html"
      ? await (await import("../lib/format/input-digest")).inputDigest(input.files, globalThis.crypto)
      : undefined;
  const analyze = context.analyze ?? (await import("../lib/analyze")).analyze;
  // Nothing below holds the files: their bytes can be freed once the analysis has read them.
  const report = await analyze(input.files, {
    now: command.now ?? context.clock(),
    warnDays: command.warnDays,
    warnFraction: command.warnFraction,
    caHorizonDays: command.caHorizonDays,
    ...(secrets.passwords.length > 0 ? { passwords: secrets.passwords } : {}),
    ...(policy ? { policy: policy.value } : {}),
    crypto: globalThis.crypto,
    // The files' bytes are freed as they are read: a fleet's input need not outlive its reading.
    consumeInput: true,
    ...(preparers ? { prepareAhead: preparers.prepareAhead } : {}),
    onProgress: (state) => progress.update(state),
  }).finally(() => preparers?.stop());
  // Formatters load after the analysis, only the one asked for.
  const { exitCodeFor, missingInput } = await import("../lib/format/exit-code");
  const { nothingToJudge, nothingToJudgePhrase, WHAT_IS_READ } =
    await import("../lib/format/nothing-to-judge");
  // An empty input was already named above; otherwise say why "0 errors" means nothing here.
  if (hadFiles && nothingToJudge(report))
    say(`nothing to judge: ${nothingToJudgePhrase(report)} (looked for ${WHAT_IS_READ.join(", ")})`);
  if (command.rotation) return renderRotation(report, command.rotation, context, say);
  const chunks = await render(report, command, context, digest);
  progress.clear();
  // Stdout to a file or a pipe is written synchronously on POSIX: chunk by chunk, memory stays flat.
  for (const chunk of chunks) context.stdout.write(chunk);
  const code = exitCodeFor(report, command.failOn, command.allowMissing);
  if (code === EXIT_USAGE)
    say(`exit 2: ${missingInput(report) ?? ""}; --allow-missing judges what could be read`);
  return code;
}

/** `--what-if`: the input judged as it is, then on a simulated copy after each action, in order. */
async function whatIf(
  command: AuditCommand,
  specs: string[],
  files: InputFile[],
  passwords: string[],
  context: CliContext,
  say: (message: string) => void,
  policy: Policy | undefined,
): Promise<number> {
  const { parseWhatIf, simulateWhatIf } = await import("../lib/whatif/what-if");
  const actions = [];
  for (const spec of specs) {
    const action = parseWhatIf(spec);
    if ("error" in action) {
      say(action.error);
      return EXIT_USAGE;
    }
    actions.push(action);
  }
  const result = await simulateWhatIf(files, actions, {
    now: command.now ?? context.clock(),
    ...(command.warnDays !== undefined ? { warnDays: command.warnDays } : {}),
    ...(command.warnFraction !== undefined ? { warnFraction: command.warnFraction } : {}),
    ...(command.caHorizonDays !== undefined ? { caHorizonDays: command.caHorizonDays } : {}),
    ...(passwords.length > 0 ? { passwords } : {}),
    ...(policy ? { policy } : {}),
    crypto: globalThis.crypto,
  });
  const { formatWhatIfMarkdown, formatWhatIfText } = await import("../lib/format/what-if");
  // The reports inside were redacted by the analysis like any other; the steps name files and subjects.
  if (command.format === "json") context.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else
    context.stdout.write(
      command.format === "markdown" ? formatWhatIfMarkdown(result) : formatWhatIfText(result),
    );
  say("what-if: simulated on a copy in memory; no file was changed");
  const { exitCodeFor } = await import("../lib/format/exit-code");
  return exitCodeFor(result.after, command.failOn, true);
}

/** `plan-rotation`: the plan for one trust root, or exit 2 naming the roots the drop holds. */
async function renderRotation(
  report: Report,
  rotation: NonNullable<AuditCommand["rotation"]>,
  context: CliContext,
  say: (message: string) => void,
): Promise<number> {
  const { rotationPlan, rotationRoots } = await import("../lib/rotation/rotation-plan");
  const plan = rotationPlan(report, rotation.root);
  if (!plan) {
    const roots = rotationRoots(report);
    say(
      `no trust root '${rotation.root}' in this input: ` +
        (roots.length > 0 ? `it holds ${roots.join(", ")}` : "it holds no CA a plan can be made for"),
    );
    return EXIT_USAGE;
  }
  const { formatRotationPlanMarkdown, formatRotationPlanText } = await import("../lib/format/rotation-plan");
  context.stdout.write(
    rotation.format === "json"
      ? `${JSON.stringify(plan, null, 2)}\n`
      : rotation.format === "markdown"
        ? formatRotationPlanMarkdown(plan)
        : formatRotationPlanText(plan),
  );
  return 0;
}

/** The report in the asked format, as text chunks to write in order. */
async function render(
  report: Report,
  command: AuditCommand,
  context: CliContext,
  digest: InputDigest | undefined,
): Promise<Iterable<string>> {
  const { stdout, env } = context;
  const terminal = {
    color: stdout.isTTY === true && !env.NO_COLOR && !command.noColor,
    width: stdout.isTTY && stdout.columns ? stdout.columns : undefined,
  };
  switch (command.format) {
    case "json": {
      // Tens of megabytes for a fleet: written a batch of certificates at a time, never one string.
      const { jsonChunks } = await import("../lib/format/json-chunks");
      return (function* () {
        yield* jsonChunks(report);
        yield "\n";
      })();
    }
    case "markdown":
      return [
        (await import("../lib/format/markdown")).formatMarkdown(report, {
          failOn: command.failOn,
          allowMissing: command.allowMissing,
        }),
      ];
    case "plan":
      return [(await import("../lib/format/plan")).formatPlan(report, terminal)];
    case "sarif":
    case "junit":
    case "prometheus":
      return [(await import("../lib/format/standard-formats")).formatStandard(report, command.format)];
    case "html": {
      if (!digest) throw new Error("the HTML report needs the input's digest");
      return [(await import("../lib/format/html-report")).formatHtmlReport(report, { digest })];
    }
    case "table":
      return [
        (await import("../lib/format/table")).formatTable(report, {
          ...terminal,
          failOn: command.failOn,
          allowMissing: command.allowMissing,
        }),
      ];
  }
}

function readVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(packageFile("package.json"), "utf8"));
  const version =
    typeof manifest === "object" && manifest !== null && "version" in manifest ? manifest.version : undefined;
  return typeof version === "string" ? version : "unknown";
}

function processContext(): CliContext {
  const { stdout } = process;
  return {
    stdout: {
      write: (text) => stdout.write(text),
      isTTY: stdout.isTTY,
      columns: stdout.columns,
      isFile: isRegularFile(stdout.fd),
    },
    stderr: process.stderr,
    env: process.env,
    clock: () => new Date(),
    ...threadsFromEnvironment(process.env.K8S_PKI_THREADS),
  };
}

/** `K8S_PKI_THREADS=N` caps the worker threads that prepare files (0: none); anything else is ignored. */
function threadsFromEnvironment(value: string | undefined): Pick<CliContext, "threads"> {
  return value !== undefined && /^\d{1,2}$/.test(value) ? { threads: Number(value) } : {};
}

/** Whether `fd` is a regular file; a descriptor that cannot be examined counts as none. */
function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch (error) {
    // A closed stdout (`k8s-pki … >&-`): nothing a progress line could disturb; say no.
    if (typeof error === "object" && error !== null && "code" in error) return false;
    throw error;
  }
}
