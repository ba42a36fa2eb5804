// Turns what each step of `npm test` left behind (exit codes, JSON reports) into one honest count.
// Pure functions, so the rules ("a runner that could not run is a failure, never zero tests") are unit-tested.

const isCount = (value) => Number.isInteger(value) && value >= 0;

/**
 * Counts from Vitest's JSON reporter (Jest's format). A test file that failed to load has no test
 * results yet is a failure, so each such file counts as one failed test. Anything that does not look
 * like a Vitest report gives undefined: the caller must treat that as "could not run".
 */
export function vitestCounts(report) {
  if (!report || !isCount(report.numPassedTests) || !isCount(report.numFailedTests)) return undefined;
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  const brokenFiles = files.filter(
    (file) => file?.status === "failed" && !file.assertionResults?.some((test) => test?.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * Counts from Playwright's JSON reporter. A flaky test (passed only on retry) is not a pass, and each
 * error outside a test (web server did not start, a spec failed to import) counts as one failure.
 */
export function playwrightCounts(report) {
  const stats = report?.stats;
  if (!stats || !isCount(stats.expected) || !isCount(stats.unexpected)) return undefined;
  const errors = Array.isArray(report.errors) ? report.errors.length : 0;
  return {
    passed: stats.expected,
    failed: stats.unexpected + (stats.flaky ?? 0) + errors,
    skipped: stats.skipped ?? 0,
  };
}

/**
 * Folds the steps into totals. A check (format, lint, types, build) that fails is one failure; a test
 * step adds its tests, plus one failure when it has no readable report or exits non-zero without a
 * failing test; a step that was not run (`exitCode: null`) is one failure. Returns the table lines and,
 * separately, the closing `N passed, N failed` line.
 */
export function summarize(steps) {
  let passed = 0;
  let failed = 0;
  const rows = steps.map((step) => {
    const { counts } = step;
    let result = step.exitCode === 0 ? "ok" : step.exitCode === null ? "not run" : `exit ${step.exitCode}`;
    let tests = "";
    if (step.kind === "check" || step.exitCode === null) {
      if (step.exitCode !== 0) failed += 1;
    } else if (!counts) {
      failed += 1;
      result = step.exitCode === 0 ? "no report" : `${result}, no report`;
    } else {
      passed += counts.passed;
      failed += counts.failed;
      if (step.exitCode !== 0 && counts.failed === 0) failed += 1;
      tests =
        `${counts.passed} passed, ${counts.failed} failed` +
        (counts.skipped ? `, ${counts.skipped} skipped` : "");
    }
    const time = step.durationMs === undefined ? "" : `${(step.durationMs / 1000).toFixed(1)}s`;
    return [step.name, step.note ? `${result} (${step.note})` : result, tests, time];
  });
  const header = ["step", "result", "tests", "time"];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return {
    passed,
    failed,
    table: [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)],
    last: `${passed} passed, ${failed} failed`,
  };
}
