import { describe, expect, it } from "vitest";
import { formatSpan } from "./format-span";

describe("formatSpan", () => {
  it.each([
    { ms: 0, want: "less than a second" },
    { ms: 19_000, want: "19 seconds" },
    { ms: 60_000, want: "1 minute" },
    { ms: 119_999, want: "1 minute" },
    { ms: 3 * 3_600_000 + 59 * 60_000, want: "3 hours" },
    { ms: 86_400_000, want: "1 day" },
    { ms: 154 * 86_400_000 + 5_000, want: "154 days" },
  ])("$ms ms → $want", ({ ms, want }) => expect(formatSpan(ms)).toBe(want));
});
