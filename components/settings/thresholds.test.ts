import { describe, expect, it } from "vitest";
import {
  DEFAULT_THRESHOLDS,
  describeThresholds,
  formatPercent,
  parseCaHorizonDays,
  parseStoredThresholds,
  parseWarnDays,
  parseWarnPercent,
  serializeThresholds,
} from "./thresholds";

describe("threshold fields", () => {
  it.each([
    { name: "a whole number", input: "30", want: { ok: true, value: 30 } },
    { name: "zero turns the window off", input: "0", want: { ok: true, value: 0 } },
    { name: "surrounding spaces", input: " 90 ", want: { ok: true, value: 90 } },
    { name: "the upper bound", input: "3650", want: { ok: true, value: 3650 } },
    { name: "above ten years", input: "3651", want: { ok: false } },
    { name: "a fraction of a day", input: "1.5", want: { ok: false } },
    { name: "negative", input: "-1", want: { ok: false } },
    { name: "empty", input: "", want: { ok: false } },
    { name: "exponent notation", input: "1e3", want: { ok: false } },
  ])("warn days: $name", ({ input, want }) => {
    expect(parseWarnDays(input)).toMatchObject(want);
    expect(parseCaHorizonDays(input)).toMatchObject(want);
  });

  it.each([
    { name: "a whole percentage", input: "10", want: { ok: true, value: 0.1 } },
    { name: "a decimal percentage", input: "7.5", want: { ok: true, value: 0.075 } },
    { name: "all of the lifetime", input: "100", want: { ok: true, value: 1 } },
    { name: "zero", input: "0", want: { ok: true, value: 0 } },
    { name: "above 100", input: "100.5", want: { ok: false } },
    { name: "a percent sign", input: "10%", want: { ok: false } },
    { name: "words", input: "ten", want: { ok: false } },
  ])("lifetime share: $name", ({ input, want }) => {
    expect(parseWarnPercent(input)).toMatchObject(want);
  });

  it("says why a value is refused", () => {
    expect(parseWarnDays("4000")).toEqual({ ok: false, reason: "Warning window: at most 3650 days" });
    expect(parseWarnPercent("150")).toEqual({ ok: false, reason: "Lifetime share: at most 100 %" });
  });

  it.each([
    { fraction: 0.1, want: "10" },
    { fraction: 0.07, want: "7" },
    { fraction: 0.075, want: "7.5" },
    { fraction: 1, want: "100" },
  ])("formatPercent($fraction)", ({ fraction, want }) => {
    expect(formatPercent(fraction)).toBe(want);
  });
});

describe("stored thresholds", () => {
  it.each([
    { name: "nothing stored", raw: null, want: DEFAULT_THRESHOLDS },
    { name: "not JSON", raw: "warn=30", want: DEFAULT_THRESHOLDS },
    { name: "JSON but not an object", raw: "42", want: DEFAULT_THRESHOLDS },
    {
      name: "a full choice",
      raw: '{"warnDays":90,"warnFraction":0.2,"caHorizonDays":730}',
      want: { warnDays: 90, warnFraction: 0.2, caHorizonDays: 730 },
    },
    {
      name: "one field out of range keeps the others",
      raw: '{"warnDays":-5,"warnFraction":0.2,"caHorizonDays":730}',
      want: { warnDays: 30, warnFraction: 0.2, caHorizonDays: 730 },
    },
    {
      name: "a fraction above one",
      raw: '{"warnDays":90,"warnFraction":10,"caHorizonDays":730}',
      want: { warnDays: 90, warnFraction: 0.1, caHorizonDays: 730 },
    },
    {
      name: "days as strings or fractions of a day",
      raw: '{"warnDays":"90","warnFraction":0.2,"caHorizonDays":1.5}',
      want: { warnDays: 30, warnFraction: 0.2, caHorizonDays: 365 },
    },
  ])("$name", ({ raw, want }) => {
    expect(parseStoredThresholds(raw)).toEqual(want);
  });

  it("reads back what it stores", () => {
    const chosen = { warnDays: 0, warnFraction: 0.333, caHorizonDays: 3650 };
    expect(parseStoredThresholds(serializeThresholds(chosen))).toEqual(chosen);
  });

  it("labels the defaults compactly", () => {
    expect(describeThresholds(DEFAULT_THRESHOLDS)).toBe("Warn: 30 d · 10 % · CA 365 d");
  });
});
