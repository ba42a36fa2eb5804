import { describe, expect, it } from "vitest";
import {
  dayToIso,
  effectiveJudgeAt,
  judgeDateSource,
  judgeDayFromSearch,
  searchWithJudgeDay,
} from "./judge-date";

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

  it.each([
    { name: "a chosen day", chosen: "2027-01-01", demo: "2026-06-01T00:00:00Z", want: "chosen" },
    { name: "the demo's own date", chosen: undefined, demo: "2026-06-01T00:00:00Z", want: "demo" },
    { name: "a person's files", chosen: undefined, demo: undefined, want: "today" },
    { name: "an impossible chosen day falls through", chosen: "2026-02-30", demo: undefined, want: "today" },
  ])("judgeDateSource: $name → $want", ({ chosen, demo, want }) => {
    expect(judgeDateSource(chosen ? { chosen } : {}, demo)).toBe(want);
  });

  it.each([
    { search: "", day: "2026-12-01", want: "?at=2026-12-01" },
    { search: "?at=2026-01-01", day: "2026-12-01", want: "?at=2026-12-01" },
    { search: "?at=2026-01-01", day: undefined, want: "" },
    { search: "?theme=dark&at=2026-01-01", day: undefined, want: "?theme=dark" },
    { search: "?theme=dark", day: "2026-12-01", want: "?theme=dark&at=2026-12-01" },
    { search: "?at=2026-01-01", day: "2026-13-01", want: "" },
  ])("searchWithJudgeDay($search, $day) → '$want'", ({ search, day, want }) => {
    expect(searchWithJudgeDay(search, day)).toBe(want);
  });
});
