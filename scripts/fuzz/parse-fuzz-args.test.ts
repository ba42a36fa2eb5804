import { describe, expect, it } from "vitest";

import { parseFuzzArgs } from "./parse-fuzz-args";

describe("parseFuzzArgs", () => {
  it("defaults to seed 1, 1,000 cases, 2 s and 512 MB a case, every invariant, reproducers in lib/__fuzz__", () => {
    expect(parseFuzzArgs([])).toEqual({
      ok: true,
      value: {
        seed: 1,
        runs: 1000,
        budgetMs: 2000,
        budgetMb: 512,
        out: "lib/__fuzz__",
        checks: ["a", "b", "c", "d", "e"],
        workers: 2,
        maxReproducers: 25,
        minimise: true,
        help: false,
      },
    });
  });

  it("reads both spellings, and the checks in invariant order without repeats", () => {
    const parsed = parseFuzzArgs([
      "--seed",
      "7",
      "--runs=20",
      "--budget-ms",
      "500",
      "--check",
      "e,a,e",
      "--out=x",
      "--no-minimise",
    ]);
    expect(parsed.ok && parsed.value).toMatchObject({
      seed: 7,
      runs: 20,
      budgetMs: 500,
      checks: ["a", "e"],
      out: "x",
      minimise: false,
    });
  });

  it("takes one case or one reproducer to replay", () => {
    expect(parseFuzzArgs(["--case", "12"])).toMatchObject({ ok: true, value: { onlyCase: 12 } });
    expect(parseFuzzArgs(["--replay", "lib/__fuzz__/a-1.json"])).toMatchObject({
      ok: true,
      value: { replay: "lib/__fuzz__/a-1.json" },
    });
  });

  it.each([
    [["--seed", "x"]],
    [["--runs", "0"]],
    [["--runs"]],
    [["--check", "a,f"]],
    [["--check", ""]],
    [["--workers", "3"]],
    [["--budget-mb", "8"]],
    [["--out"]],
    [["--fast"]],
    [["--seed", "4294967296"]],
  ])("refuses %j", (argv) => {
    expect(parseFuzzArgs(argv).ok).toBe(false);
  });
});
