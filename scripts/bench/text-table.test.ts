import { describe, expect, it } from "vitest";

import { formatMs, textTable } from "./text-table";

describe("textTable", () => {
  it("left-aligns the first column, right-aligns the rest, pads short rows", () => {
    const table = textTable(["input", "ms"], [["healthy", "12.3"], ["n", "1234"], ["short"]]);
    expect(table.split("\n")).toEqual([
      "input      ms",
      "-------  ----",
      "healthy  12.3",
      "n        1234",
      "short",
    ]);
  });

  it("left-aligns as many leading text columns as asked", () => {
    const table = textTable(
      ["input", "stage", "ms"],
      [
        ["a", "ingest", "1"],
        ["", "total", "12"],
      ],
      2,
    );
    expect(table.split("\n")).toEqual([
      "input  stage   ms",
      "-----  ------  --",
      "a      ingest   1",
      "       total   12",
    ]);
  });
});

describe("formatMs", () => {
  const cases = [
    { ms: 0.4219, want: "0.42" },
    { ms: 12.345, want: "12.3" },
    { ms: 1234.4, want: "1234" },
  ];
  it.each(cases)("$ms → $want", ({ ms, want }) => {
    expect(formatMs(ms)).toBe(want);
  });
});
