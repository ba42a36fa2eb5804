export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface StepResult {
  name: string;
  /** "check": pass/fail only (format, lint, types, build). "tests": also has a JSON report. */
  kind: "check" | "tests";
  /** null when the step was not run. */
  exitCode: number | null;
  durationMs?: number;
  counts?: TestCounts;
  note?: string;
}

export function vitestCounts(report: unknown): TestCounts | undefined;
export function playwrightCounts(report: unknown): TestCounts | undefined;
export function summarize(steps: StepResult[]): {
  passed: number;
  failed: number;
  table: string[];
  last: string;
};
