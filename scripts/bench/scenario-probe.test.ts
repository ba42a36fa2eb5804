import { describe, expect, it } from "vitest";

import { SCENARIO_PROBE_SOURCE, scenarioFigures, type ScenarioEvent } from "./scenario-probe";

const message = (kind: "request" | "response", what: string, id: number, at: number): ScenarioEvent => ({
  kind,
  what,
  id,
  start: at,
  end: at,
});

describe("scenarioFigures", () => {
  it("splits a click made from scratch into chunks, demo fetch, generation, analysis and render", () => {
    const events: ScenarioEvent[] = [
      // Before the click: the demo's own analysis, which does not count.
      message("request", "analyze", 1, 10),
      message("response", "result-end", 1, 200),
      { kind: "script", what: "/_next/static/chunks/catalogue.js", start: 1010, end: 1090 },
      { kind: "fetch", what: "/demo/manifest.json", start: 1100, end: 1110 },
      { kind: "fetch", what: "/demo/demo.tar.gz", start: 1112, end: 1150 },
      message("request", "generate", 2, 1160),
      message("response", "generated", 2, 1300),
      message("request", "analyze", 3, 1320),
      message("response", "result-end", 3, 1500),
    ];
    expect(scenarioFigures({ clickMs: 1000, paintedMs: 1700, events })).toEqual({
      totalMs: 700,
      chunksMs: 90,
      demoFetchMs: 48,
      generateMs: 140,
      analysisMs: 180,
      renderMs: 200,
      prepared: false,
    });
  });

  it("a click on files made before it is prepared: no generation, only the rest of one still under way", () => {
    const made = [message("request", "generate", 4, 500), message("response", "generated", 4, 700)];
    const after = [message("request", "analyze", 5, 1010), message("response", "result-end", 5, 1100)];
    expect(scenarioFigures({ clickMs: 1000, paintedMs: 1200, events: [...made, ...after] })).toMatchObject({
      totalMs: 200,
      generateMs: 0,
      analysisMs: 90,
      renderMs: 100,
      prepared: true,
    });
    // Still being made at the click: only the part after it is waited for.
    const late = [message("request", "generate", 4, 900), message("response", "generated", 4, 1050)];
    expect(scenarioFigures({ clickMs: 1000, paintedMs: 1300, events: [...late, ...after] })).toMatchObject({
      generateMs: 50,
      prepared: false,
    });
  });

  it("an analysis superseded by a newer one counts the last", () => {
    const events = [
      message("request", "analyze", 6, 1010),
      message("response", "cancelled", 6, 1020),
      message("request", "analyze", 7, 1030),
      message("response", "result-end", 7, 1130),
    ];
    expect(scenarioFigures({ clickMs: 1000, paintedMs: 1200, events })).toMatchObject({
      analysisMs: 100,
      renderMs: 70,
    });
  });

  it("the probe is a script a page can run", () => {
    expect(() => new Function(SCENARIO_PROBE_SOURCE)).not.toThrow();
  });
});
