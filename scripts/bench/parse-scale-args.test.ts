import { describe, expect, it } from "vitest";

import { parseScaleArgs } from "./parse-scale-args";

describe("parseScaleArgs", () => {
  it("defaults to every shape, 1,000, 5,000 and 10,000 workers, 2,000 archives, three pairs", () => {
    expect(parseScaleArgs([])).toEqual({
      ok: true,
      value: {
        shapes: ["own", "rsa", "ecdsa", "archives"],
        workers: [1000, 5000, 10000],
        archiveWorkers: [2000],
        pairs: 3,
        help: false,
      },
    });
  });

  it("reads lists in either spelling, sorted and without repeats, shapes in their own order", () => {
    const parsed = parseScaleArgs([
      "--workers",
      "5000,1000,5000",
      "--pairs=5",
      "--cache=/tmp/c",
      "--shapes=archives,rsa",
      "--archive-workers",
      "500,100",
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: {
        shapes: ["rsa", "archives"],
        workers: [1000, 5000],
        archiveWorkers: [100, 500],
        pairs: 5,
        cacheDir: "/tmp/c",
        help: false,
      },
    });
  });

  it.each([
    [["--workers", "10,x"]],
    [["--workers"]],
    [["--pairs", "0"]],
    [["--cache"]],
    [["--fast"]],
    [["--shapes", "own,dsa"]],
    [["--shapes"]],
    [["--archive-workers", "0"]],
  ])("refuses %j", (argv) => {
    expect(parseScaleArgs(argv).ok).toBe(false);
  });
});
