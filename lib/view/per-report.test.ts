import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { perReport } from "./per-report";

describe("perReport", () => {
  it("derives once per report object, again for another report", async () => {
    const files = readTree(fixtureDir("healthy"));
    const [one, two] = await Promise.all([
      analyze(files, { now: FIXTURE_NOW }),
      analyze(files, { now: FIXTURE_NOW }),
    ]);
    let calls = 0;
    const count = perReport((report) => {
      calls += 1;
      return report.certificates.length;
    });
    expect([count(one), count(one), count(two), count(one)]).toEqual(Array(4).fill(one.certificates.length));
    expect(calls).toBe(2);
  });
});
