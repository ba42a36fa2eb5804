import { describe, expect, it } from "vitest";
import { dayToIso, effectiveJudgeAt, judgeDayFromSearch } from "./judge-date";

describe("judge date", () => {
  it.each([
    { day: "2026-12-01", want: "2026-12-01T00:00:00.000Z" },
    { day: "2026-02-30", want: undefined },
    { day: "yesterday", want: undefined },
    { day: "2026-1-1", want: undefined },
  ])("dayToIso($day)", ({ day, want }) => {
    expect(dayToIso(day)).toBe(want);
  });

  const now = new Date("2026-11-22T10:00:00Z");
  it.each([
    {
      name: "a chosen day wins over the demo",
      chosen: "2027-01-01",
      demo: "2026-06-01T00:00:00Z",
      want: "2027-01-01T00:00:00.000Z",
    },
    {
      name: "the demo keeps its own date",
      chosen: undefined,
      demo: "2026-06-01T00:00:00Z",
      want: "2026-06-01T00:00:00Z",
    },
    {
      name: "a person's files are judged now",
      chosen: undefined,
      demo: undefined,
      want: "2026-11-22T10:00:00.000Z",
    },
  ])("$name", ({ chosen, demo, want }) => {
    expect(effectiveJudgeAt(chosen ? { chosen } : {}, demo, now)).toBe(want);
  });

  it("reads ?at= from the URL", () => {
    expect(judgeDayFromSearch("?at=2026-12-01")).toBe("2026-12-01");
    expect(judgeDayFromSearch("?at=nope")).toBeUndefined();
    expect(judgeDayFromSearch("")).toBeUndefined();
  });
});
