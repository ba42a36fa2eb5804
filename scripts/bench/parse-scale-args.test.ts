import { describe, expect, it } from "vitest";

import { parseScaleArgs } from "./parse-scale-args";

describe("parseScaleArgs", () => {
  it("defaults to 1,000, 5,000 and 10,000 workers, three pairs", () => {
    expect(parseScaleArgs([])).toEqual({
      ok: true,
      value: { workers: [1000, 5000, 10000], pairs: 3, help: false },
    });
  });

  it("reads lists in either spelling, sorted and without repeats", () => {
    const parsed = parseScaleArgs(["--workers", "5000,1000,5000", "--pairs=5", "--cache=/tmp/c"]);
    expect(parsed).toEqual({
      ok: true,
      value: { workers: [1000, 5000], pairs: 5, cacheDir: "/tmp/c", help: false },
    });
  });

  it.each([[["--workers", "10,x"]], [["--workers"]], [["--pairs", "0"]], [["--cache"]], [["--fast"]]])(
    "refuses %j",
    (argv) => {
      expect(parseScaleArgs(argv).ok).toBe(false);
    },
  );
});
