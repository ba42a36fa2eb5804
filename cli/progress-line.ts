/**
 * The words of the CLI's progress line: how far reading the files got, then each stage of the
 * analysis. Pure text; cli/progress-reporter.ts decides when it is drawn.
 */
import type { AnalyzeProgress } from "../lib/analysis-progress";

/** Files read from disk so far (their total is unknown until the walk ends), or a stage of the analysis. */
export type ProgressState = { stage: "files"; done: number } | AnalyzeProgress;

/** `12345` → `12,345`, without building an Intl formatter at start-up for a line most runs never draw. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

const STAGE_WORDS: Record<AnalyzeProgress["stage"], string> = {
  read: "parsing files",
  verify: "verifying chains",
  report: "judging relationships",
};

/**
 * One line for `state`, e.g. `reading files… 12,345` or `verifying chains… 120 / 3,000`, cut to
 * fit in `width` columns less one (a line that fills the last column wraps, and `\r` then no longer
 * returns to its start).
 */
export function progressLine(state: ProgressState, width?: number): string {
  const line =
    state.stage === "files"
      ? `reading files… ${grouped(state.done)}`
      : `${STAGE_WORDS[state.stage]}… ${grouped(state.done)} / ${grouped(state.total)}`;
  return width !== undefined && width > 1 && line.length >= width ? line.slice(0, width - 1) : line;
}
