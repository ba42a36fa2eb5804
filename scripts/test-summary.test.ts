import { describe, expect, it } from "vitest";
import { playwrightCounts, summarize, vitestCounts, type StepResult } from "./test-summary.mjs";

describe("vitestCounts", () => {
  it.each([
    {
      name: "passing and failing tests",
      report: { numPassedTests: 7, numFailedTests: 2, numPendingTests: 1, numTodoTests: 0, testResults: [] },
      want: { passed: 7, failed: 2, skipped: 1 },
    },
    {
      name: "a test file that failed to load counts as one failure",
      report: {
        numPassedTests: 3,
        numFailedTests: 0,
        testResults: [
          { status: "passed", assertionResults: [{ status: "passed" }] },
          { status: "failed", assertionResults: [] },
        ],
      },
      want: { passed: 3, failed: 1, skipped: 0 },
    },
    {
      name: "a file with failing tests is not counted twice",
      report: {
        numPassedTests: 1,
        numFailedTests: 1,
        testResults: [{ status: "failed", assertionResults: [{ status: "passed" }, { status: "failed" }] }],
      },
      want: { passed: 1, failed: 1, skipped: 0 },
    },
    { name: "not a report", report: { hello: "world" }, want: undefined },
    { name: "no report", report: undefined, want: undefined },
  ])("$name", ({ report, want }) => {
    expect(vitestCounts(report)).toEqual(want);
  });
});

describe("playwrightCounts", () => {
  it.each([
    {
      name: "expected and unexpected",
      report: { stats: { expected: 5, unexpected: 1, flaky: 0, skipped: 2 }, errors: [] },
      want: { passed: 5, failed: 1, skipped: 2 },
    },
    {
      name: "flaky tests and global errors are failures",
      report: {
        stats: { expected: 4, unexpected: 0, flaky: 1, skipped: 0 },
        errors: [{ message: "webServer" }],
      },
      want: { passed: 4, failed: 2, skipped: 0 },
    },
    { name: "no stats", report: { errors: [] }, want: undefined },
    { name: "null", report: null, want: undefined },
  ])("$name", ({ report, want }) => {
    expect(playwrightCounts(report)).toEqual(want);
  });
});

describe("summarize", () => {
  const ok = (name: string): StepResult => ({ name, kind: "check", exitCode: 0, durationMs: 1000 });
  const unit = (counts: StepResult["counts"], exitCode = 0): StepResult => ({
    name: "vitest",
    kind: "tests",
    exitCode,
    counts,
  });

  it.each([
    {
      name: "all green",
      steps: [ok("lint"), unit({ passed: 9, failed: 0, skipped: 0 })],
      want: "9 passed, 0 failed",
    },
    {
      name: "a failed check counts one",
      steps: [{ ...ok("lint"), exitCode: 1 }, unit({ passed: 9, failed: 0, skipped: 0 })],
      want: "9 passed, 1 failed",
    },
    {
      name: "failing tests count one each",
      steps: [unit({ passed: 9, failed: 3, skipped: 0 }, 1)],
      want: "9 passed, 3 failed",
    },
    {
      name: "a runner without a report is a failure, not zero tests",
      steps: [unit(undefined, 1)],
      want: "0 passed, 1 failed",
    },
    {
      name: "a report-less success is still a failure",
      steps: [unit(undefined, 0)],
      want: "0 passed, 1 failed",
    },
    {
      name: "a non-zero exit without failing tests counts one",
      steps: [unit({ passed: 4, failed: 0, skipped: 0 }, 1)],
      want: "4 passed, 1 failed",
    },
    {
      name: "a step that was not run counts one",
      steps: [{ name: "e2e", kind: "tests", exitCode: null, note: "build failed" } satisfies StepResult],
      want: "0 passed, 1 failed",
    },
  ])("$name", ({ steps, want }) => {
    expect(summarize(steps).last).toBe(want);
  });

  it("lays the steps out as an aligned table", () => {
    const { table } = summarize([ok("prettier"), unit({ passed: 12, failed: 0, skipped: 1 })]);
    expect(table).toEqual([
      "step      result  tests                           time",
      "--------  ------  ------------------------------  ----",
      "prettier  ok                                      1.0s",
      "vitest    ok      12 passed, 0 failed, 1 skipped",
    ]);
  });
});
