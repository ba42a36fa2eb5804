import { describe, expect, it } from "vitest";
import { hostileClusterFiles } from "@/e2e/support/hostile-cluster";
import { analyze } from "@/lib/analyze";
import { hasHiddenCharacters } from "@/lib/format/inert-text";
import { FIXTURE_NOW } from "@/lib/test-support/fixtures";
import { buildTimeline } from "./timeline-rows";

describe("LazyBar: the words of a bar, on names that try to fool the reader", () => {
  it("draws and speaks every name of the input with its hidden characters as escapes", async () => {
    const report = await analyze(await hostileClusterFiles(), { now: FIXTURE_NOW });
    const { bars } = buildTimeline(report);
    for (const bar of bars)
      for (const text of [bar.name, bar.detail, bar.ariaLabel])
        expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(false);
    const clusterCa = bars.find((bar) => bar.heading && bar.name === "Cluster CA");
    expect(clusterCa?.detail).toBe("ca.crt · kuber\\u200Bnetes\\u202Eac-tsil\\x1B[2J");
    // The copies keep their names apart: the look-alike is not "apiserver.crt".
    expect(bars.filter((bar) => bar.name === "admin\\u202Egnp.exe.crt")).toHaveLength(1);
  });
});
