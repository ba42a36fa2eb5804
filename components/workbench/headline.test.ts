import { describe, expect, it } from "vitest";
import { headline } from "./headline";

describe("headline", () => {
  it.each([
    { errors: 1, warnings: 0, broken: 1, atRisk: 0, want: "1 error to fix" },
    { errors: 1, warnings: 0, broken: 2, atRisk: 0, want: "1 error to fix — it breaks 2 relationships" },
    { errors: 2, warnings: 0, broken: 5, atRisk: 0, want: "2 errors to fix — they break 5 relationships" },
    { errors: 3, warnings: 1, broken: 1, atRisk: 1, want: "3 errors to fix in 1 broken relationship" },
    // An error on no relationship (an unreadable file) has no relationship count to agree with.
    { errors: 1, warnings: 0, broken: 0, atRisk: 0, want: "1 error to fix" },
    { errors: 0, warnings: 2, broken: 0, atRisk: 2, want: "2 warnings" },
    { errors: 0, warnings: 1, broken: 0, atRisk: 3, want: "1 warning — it puts 3 relationships at risk" },
    { errors: 0, warnings: 4, broken: 0, atRisk: 2, want: "4 warnings in 2 at-risk relationships" },
    { errors: 0, warnings: 0, broken: 0, atRisk: 0, want: "No errors or warnings" },
  ])("$want", ({ want, ...counts }) => {
    expect(headline(counts).text).toBe(want);
  });
});
