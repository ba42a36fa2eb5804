/**
 * The one self-overwriting line a long audit shows on stderr. It stays silent for the first
 * `delayMs` (most audits end before, and a flash of text is noise), redraws at most every
 * `intervalMs`, and is cleared before anything else is written, so notes and the report never share
 * a line with it. Drawing is driven by the progress calls themselves, not by a timer: the analysis
 * keeps the event loop busy, and a timer would fire only once it is done.
 */
import { type ProgressState, progressLine } from "./progress-line";

/** Erase the current terminal line and return to its first column. */
const CLEAR_LINE = "\r\u001b[K";

export interface ProgressReporter {
  update(state: ProgressState): void;
  /** Remove the line, if one is drawn; safe to call at any time. */
  clear(): void;
}

export interface ProgressReporterOptions {
  write(text: string): unknown;
  /** Milliseconds from a monotonic clock. */
  now(): number;
  /** Columns of the terminal, to keep the line from wrapping. */
  width?: number;
  delayMs?: number;
  intervalMs?: number;
}

/** Draws nothing: for pipes, files, JSON output and dumb terminals. */
export const SILENT_PROGRESS: ProgressReporter = { update: () => undefined, clear: () => undefined };

/** A reporter that starts counting its delay now. */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const { write, now, width, delayMs = 300, intervalMs = 100 } = options;
  const started = now();
  let drawnAt: number | undefined;
  let drawnStage: ProgressState["stage"] | undefined;
  return {
    update(state) {
      const at = now();
      if (at - started < delayMs) return;
      if (drawnAt !== undefined && state.stage === drawnStage && at - drawnAt < intervalMs) return;
      write(`${CLEAR_LINE}${progressLine(state, width)}`);
      drawnAt = at;
      drawnStage = state.stage;
    },
    clear() {
      if (drawnAt === undefined) return;
      write(CLEAR_LINE);
      drawnAt = undefined;
      drawnStage = undefined;
    },
  };
}

/** What decides whether a run shows progress. */
export interface ProgressTerminal {
  stderrIsTTY: boolean | undefined;
  /** stdout is a terminal or a regular file: not a pipe, whose reader may draw on the same terminal. */
  stdoutIsTerminalOrFile: boolean;
  format: string;
  term: string | undefined;
}

/**
 * A person watches stderr on a terminal and the report is not JSON (which is for programs). Never
 * when stdout is a pipe: `k8s-pki audit … | less` would have both draw on one screen.
 */
export function showsProgress(terminal: ProgressTerminal): boolean {
  return (
    terminal.stderrIsTTY === true &&
    terminal.stdoutIsTerminalOrFile &&
    terminal.format !== "json" &&
    terminal.term !== "dumb"
  );
}
