import { describe, expect, it } from "vitest";

import { parseBenchArgs } from "./parse-bench-args";

describe("parseBenchArgs", () => {
  const cases = [
    {
      name: "defaults",
      argv: [],
      want: { runs: 7, quick: false, workers: [50, 200, 1000], archiveWorkers: 200, scenarios: false },
    },
    { name: "quick", argv: ["--quick"], want: { runs: 3, quick: true, workers: [50], archiveWorkers: 50 } },
    { name: "runs", argv: ["--runs", "11"], want: { runs: 11, workers: [50, 200, 1000] } },
    { name: "runs= form with quick", argv: ["--quick", "--runs=5"], want: { runs: 5, workers: [50] } },
    { name: "help", argv: ["--help"], want: { help: true } },
    { name: "scenarios: 9 runs", argv: ["--scenarios"], want: { runs: 9, scenarios: true } },
    { name: "scenarios with runs", argv: ["--scenarios", "--runs", "3"], want: { runs: 3, scenarios: true } },
  ];
  it.each(cases)("$name", ({ argv, want }) => {
    const result = parseBenchArgs(argv);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value).toMatchObject({ warmups: 2, ...want });
  });

  const bad = [
    { name: "runs without a value", argv: ["--runs"], reason: /--runs needs a positive integer/ },
    { name: "zero runs", argv: ["--runs", "0"], reason: /--runs needs a positive integer, got 0/ },
    { name: "an unknown flag", argv: ["--fast"], reason: /unknown argument --fast/ },
  ];
  it.each(bad)("rejects $name", ({ argv, reason }) => {
    const result = parseBenchArgs(argv);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
