import { describe, expect, it } from "vitest";
import { type ProgressState, progressLine } from "./progress-line";

describe("progressLine", () => {
  const cases: { state: ProgressState; width?: number; want: string }[] = [
    { state: { stage: "files", done: 0 }, want: "reading files… 0" },
    { state: { stage: "files", done: 12_345 }, want: "reading files… 12,345" },
    { state: { stage: "read", done: 1234, total: 4037 }, want: "parsing files… 1,234 / 4,037" },
    { state: { stage: "verify", done: 120, total: 3000 }, want: "verifying chains… 120 / 3,000" },
    { state: { stage: "report", done: 40, total: 40 }, want: "judging relationships… 40 / 40" },
    { state: { stage: "files", done: 1_000_000 }, width: 80, want: "reading files… 1,000,000" },
    { state: { stage: "files", done: 12_345 }, width: 15, want: "reading files…" },
    { state: { stage: "files", done: 12_345 }, width: 21, want: "reading files… 12,34" },
    { state: { stage: "files", done: 12_345 }, width: 22, want: "reading files… 12,345" },
    { state: { stage: "files", done: 7 }, width: 0, want: "reading files… 7" },
  ];
  it.each(cases)("$state.stage $state.done in $width columns: '$want'", ({ state, width, want }) => {
    expect(progressLine(state, width)).toBe(want);
  });
});
