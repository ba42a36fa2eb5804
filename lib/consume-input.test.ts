import { describe, expect, it } from "vitest";

import { analyze } from "./analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "./test-support/fixtures";

describe("analyze with consumeInput", () => {
  it("empties the caller's list and gives the same report as when the caller keeps it", async () => {
    const kept = readTree(fixtureDir("healthy"));
    const handedOver = readTree(fixtureDir("healthy"));
    const expected = await analyze(kept, { now: FIXTURE_NOW });
    const report = await analyze(handedOver, { now: FIXTURE_NOW, consumeInput: true });
    expect(handedOver).toHaveLength(0);
    expect(kept.length).toBeGreaterThan(20);
    expect(report).toStrictEqual(expected);
  });
});
