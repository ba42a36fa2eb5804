import { describe, expect, it } from "vitest";
import { SCENARIO_IDS } from "@/lib/scenarios/scenario";
import { sessionBack, sessionNext, type SessionFacts } from "./session-order";
import type { TeachRoute } from "./teach-route";

const facts: SessionFacts = { lastTourStep: "kubelet-bootstrap", handshakeKey: "kubelet-client:worker-1" };

describe("the workshop's order", () => {
  it("runs tour → handshake → every scenario, shown then asked, → the list", () => {
    const seen: (TeachRoute | undefined)[] = [];
    let route: TeachRoute | undefined = { kind: "tour", step: facts.lastTourStep };
    for (let i = 0; i < 40 && route; i++) {
      seen.push(route);
      route = sessionNext(route, facts);
      if (route?.kind === "scenarios" && seen.length > 2) break;
    }
    expect(seen[1]).toEqual({ kind: "handshake", key: "kubelet-client:worker-1" });
    expect(seen[2]).toEqual({ kind: "scenarios" });
    const scenarios = seen.slice(3);
    expect(scenarios).toHaveLength(SCENARIO_IDS.length * 2);
    scenarios.forEach((step, i) =>
      expect(step).toEqual({ kind: "scenario", id: SCENARIO_IDS[Math.floor(i / 2)], quiz: i % 2 === 1 }),
    );
    expect(route).toEqual({ kind: "scenarios" });
  });

  it("goes back the same way", () => {
    let route: TeachRoute | undefined = { kind: "scenario", id: SCENARIO_IDS[1], quiz: true };
    const back: (TeachRoute | undefined)[] = [];
    while (route) {
      back.push(route);
      route = sessionBack(route, facts);
    }
    expect(back).toEqual([
      { kind: "scenario", id: SCENARIO_IDS[1], quiz: true },
      { kind: "scenario", id: SCENARIO_IDS[1], quiz: false },
      { kind: "scenario", id: SCENARIO_IDS[0], quiz: true },
      { kind: "scenario", id: SCENARIO_IDS[0], quiz: false },
      { kind: "scenarios" },
      { kind: "handshake", key: facts.handshakeKey },
      { kind: "tour", step: facts.lastTourStep },
    ]);
  });

  it("skips the handshake when the files have no relationship", () => {
    expect(sessionNext({ kind: "tour", step: "x" }, { ...facts, handshakeKey: undefined })).toEqual({
      kind: "scenarios",
    });
    expect(sessionNext({ kind: "flow", id: "x" }, facts)).toBeUndefined();
    expect(sessionNext(undefined, facts)).toBeUndefined();
  });
});
