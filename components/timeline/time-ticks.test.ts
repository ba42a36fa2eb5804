import { describe, expect, it } from "vitest";
import { formatTick, tickCount } from "./time-ticks";

describe("formatTick", () => {
  it.each([
    { at: "2027-01-01T00:00:00Z", want: "2027" },
    { at: "2027-07-01T00:00:00Z", want: "Jul" },
    { at: "2027-07-15T00:00:00Z", want: "Jul 15" },
    { at: "2027-07-15T12:00:00Z", want: "Jul 15 12:00" },
  ])("$at → $want", ({ at, want }) => expect(formatTick(new Date(at))).toBe(want));
});

describe("tickCount", () => {
  it("asks for fewer ticks on a phone's narrow axis, and never fewer than two", () => {
    expect(tickCount(346, true)).toBe(4);
    expect(tickCount(480, false)).toBe(5);
    expect(tickCount(60, true)).toBe(2);
  });
});
