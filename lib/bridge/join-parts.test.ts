/**
 * The page's joiner: parts of a report become one result, parts of a plan one plan; an answer that
 * ends a request drops what it had gathered; a report without its head is an error, not a blank page.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { renewalPlan } from "../plan/renewal-plan";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { createPartJoiner } from "./join-parts";
import { splitPlan } from "./plan-parts";
import type { AnalysisResponse } from "./protocol";
import { splitReport } from "./report-parts";

async function healthy() {
  return analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
}

describe("createPartJoiner", () => {
  it("joins two reports whose parts interleave, each under its id", async () => {
    const report = await healthy();
    const join = createPartJoiner();
    const first = splitReport(report, 5).map((part): AnalysisResponse => ({
      type: "report-part",
      id: 1,
      part,
    }));
    const second = splitReport(report, 7).map((part): AnalysisResponse => ({
      type: "report-part",
      id: 2,
      part,
    }));
    const sent = first.flatMap((part, i) => [part, ...(second[i] ? [second[i]] : [])]);
    sent.push(...second.slice(first.length));
    expect(sent.map((response) => join(response))).toEqual(sent.map(() => undefined));
    const one = join({ type: "result-end", id: 1, millis: 5 });
    const two = join({ type: "result-end", id: 2, millis: 6 });
    expect(one?.type === "result" && JSON.stringify(one.report)).toBe(JSON.stringify(report));
    expect(two?.type === "result" && two.millis).toBe(6);
  });

  it.each([
    { name: "cancelled", end: { type: "cancelled", id: 3 } as const },
    { name: "error", end: { type: "error", id: 3, message: "x" } as const },
  ])("drops gathered parts on $name and answers it", async ({ end }) => {
    const report = await healthy();
    const join = createPartJoiner();
    for (const part of splitReport(report, 4)) join({ type: "report-part", id: 3, part });
    expect(join(end)).toEqual(end);
    expect(join({ type: "result-end", id: 3, millis: 1 })).toMatchObject({ type: "error", id: 3 });
  });

  it("joins a plan, and passes every other answer through as it is", async () => {
    const plan = renewalPlan(await healthy());
    const join = createPartJoiner();
    for (const part of splitPlan(plan, 2)) expect(join({ type: "plan-part", id: 4, part })).toBeUndefined();
    expect(join({ type: "plan-end", id: 4 })).toEqual({ type: "plan", id: 4, plan });
    expect(join({ type: "plan-end", id: 5 })).toBeUndefined();
    const progress: AnalysisResponse = {
      type: "progress",
      id: 4,
      progress: { stage: "read", done: 1, total: 2 },
    };
    expect(join(progress)).toBe(progress);
  });
});
