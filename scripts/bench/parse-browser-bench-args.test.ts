import { describe, expect, it } from "vitest";

import { parseBrowserBenchArgs } from "./parse-browser-bench-args";

describe("parseBrowserBenchArgs", () => {
  const cases = [
    { name: "defaults", argv: [], want: { runs: 9, workers: 200, demoOnly: false, help: false } },
    { name: "quick", argv: ["--quick"], want: { runs: 3, workers: 50 } },
    { name: "runs and workers", argv: ["--runs", "5", "--workers=1000"], want: { runs: 5, workers: 1000 } },
    { name: "explicit values beat quick", argv: ["--quick", "--runs=7"], want: { runs: 7, workers: 50 } },
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
    { name: "zero workers", argv: ["--workers", "0"], reason: /--workers needs a positive integer, got 0/ },
    { name: "a fraction", argv: ["--runs=1.5"], reason: /--runs needs a positive integer, got 1.5/ },
    { name: "an unknown flag", argv: ["--headed"], reason: /unknown argument --headed/ },
  ];
  it.each(bad)("rejects $name", ({ argv, reason }) => {
    const result = parseBrowserBenchArgs(argv);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
