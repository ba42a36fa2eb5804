import { describe, expect, it } from "vitest";

import { dropRuns, parseBrowserBenchArgs } from "./parse-browser-bench-args";

describe("parseBrowserBenchArgs", () => {
  const cases = [
    { name: "defaults", argv: [], want: { runs: 9, workers: [200, 5000], demoOnly: false, help: false } },
    { name: "quick", argv: ["--quick"], want: { runs: 3, workers: [50] } },
    { name: "runs and workers", argv: ["--runs", "5", "--workers=1000"], want: { runs: 5, workers: [1000] } },
    {
      name: "a list of sizes, sorted, each once",
      argv: ["--workers", "5000,200,5000"],
      want: { workers: [200, 5000] },
    },
    { name: "explicit values beat quick", argv: ["--quick", "--runs=7"], want: { runs: 7, workers: [50] } },
    { name: "demo only", argv: ["--demo-only", "--runs", "7"], want: { runs: 7, demoOnly: true } },
    { name: "help", argv: ["-h"], want: { help: true } },
  ];
  it.each(cases)("$name", ({ argv, want }) => {
    const result = parseBrowserBenchArgs(argv);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value).toMatchObject(want);
  });

  const bad = [
    {
      name: "runs without a value",
      argv: ["--runs"],
      reason: /--runs needs a positive integer, got nothing/,
    },
    {
      name: "zero workers",
      argv: ["--workers", "0"],
      reason: /--workers needs positive integers separated by commas, got 0/,
    },
    {
      name: "an empty size in the list",
      argv: ["--workers=200,,5000"],
      reason: /--workers needs positive integers separated by commas, got 200,,5000/,
    },
    { name: "a fraction", argv: ["--runs=1.5"], reason: /--runs needs a positive integer, got 1.5/ },
    { name: "an unknown flag", argv: ["--headed"], reason: /unknown argument --headed/ },
  ];
  it.each(bad)("rejects $name", ({ argv, reason }) => {
    const result = parseBrowserBenchArgs(argv);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe("dropRuns", () => {
  it.each([
    { name: "a fixture", workers: undefined, runs: 9, want: { runs: 9, warmUp: true } },
    { name: "200 workers", workers: 200, runs: 9, want: { runs: 9, warmUp: true } },
    { name: "a fleet", workers: 5000, runs: 9, want: { runs: 3, warmUp: false } },
    { name: "a fleet, one run asked", workers: 1000, runs: 1, want: { runs: 1, warmUp: false } },
  ])("$name", ({ workers, runs, want }) => {
    expect(dropRuns(runs, workers)).toEqual(want);
  });
});
