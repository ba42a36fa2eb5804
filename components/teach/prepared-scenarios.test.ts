/**
 * Scenario files made ahead: a kept choice is not made twice (not even while it is being made), a
 * failed making is forgotten, the least recently asked choice goes first past the capacity, and what
 * is made ahead follows the page (nothing before the wanted choice is loaded; the next question, then
 * "Fix it").
 */
import { describe, expect, it } from "vitest";

import type { ScenarioChoice } from "@/lib/scenarios/scenario";
import { choicesToPrepare, PreparedScenarios, type Made } from "./prepared-scenarios";

/** A maker that counts its calls and resolves when told to. */
function maker() {
  const calls: string[] = [];
  const pending: ((made: Made<string>) => void)[] = [];
  const make = (choice: ScenarioChoice) => () => {
    calls.push(choice);
    return new Promise<Made<string>>((resolve) => pending.push(resolve));
  };
  const settleAll = (made: (index: number) => Made<string>) =>
    pending.splice(0).forEach((resolve, index) => resolve(made(index)));
  return { calls, make, settleAll };
}

const ok = (value: string): Made<string> => ({ ok: true, value });

describe("PreparedScenarios", () => {
  it("makes a choice once: a second ask, during the making and after it, gets the same files", async () => {
    const cache = new PreparedScenarios<string>(3);
    const { calls, make, settleAll } = maker();
    const first = cache.get("key-mismatch", make("key-mismatch"));
    const during = cache.get("key-mismatch", make("key-mismatch"));
    settleAll(() => ok("files of key-mismatch"));
    expect(await first).toEqual(ok("files of key-mismatch"));
    expect(await during).toEqual(ok("files of key-mismatch"));
    expect(await cache.get("key-mismatch", make("key-mismatch"))).toEqual(ok("files of key-mismatch"));
    expect(calls).toEqual(["key-mismatch"]);
  });

  it("forgets a failed making, and a maker that throws is a failure, so the next ask makes it again", async () => {
    const cache = new PreparedScenarios<string>(3);
    const { calls, make, settleAll } = maker();
    const failed = cache.get("healthy", make("healthy"));
    settleAll(() => ({ ok: false, problem: "the Worker stopped" }));
    expect(await failed).toEqual({ ok: false, problem: "the Worker stopped" });
    expect(cache.has("healthy")).toBe(false);
    const thrown = await cache.get("healthy", () => Promise.reject(new Error("no demo")));
    expect(thrown).toEqual({ ok: false, problem: "no demo" });
    await Promise.resolve();
    expect(cache.has("healthy")).toBe(false);
    const again = cache.get("healthy", make("healthy"));
    settleAll(() => ok("healthy files"));
    expect(await again).toEqual(ok("healthy files"));
    expect(calls).toEqual(["healthy", "healthy"]);
    expect(cache.has("healthy")).toBe(true);
  });

  it("keeps at most its capacity, dropping the least recently asked", async () => {
    const cache = new PreparedScenarios<string>(3);
    const { make, settleAll } = maker();
    for (const choice of ["key-mismatch", "healthy", "node-authorizer"] as const)
      void cache.get(choice, make(choice));
    // Asking for key-mismatch again makes it the most recent: healthy is now the oldest.
    void cache.get("key-mismatch", make("key-mismatch"));
    void cache.get("expired-admin-conf", make("expired-admin-conf"));
    settleAll((index) => ok(String(index)));
    expect(cache.choices()).toEqual(["node-authorizer", "key-mismatch", "expired-admin-conf"]);
    expect(cache.has("healthy")).toBe(false);
  });

  it("refuses a capacity under one", () => {
    expect(() => new PreparedScenarios<string>(0)).toThrow(RangeError);
  });
});

describe("choicesToPrepare", () => {
  const none = () => false;
  it("prepares nothing while the wanted choice is still to be loaded", () => {
    expect(choicesToPrepare("key-mismatch", undefined, "node-authorizer", none)).toEqual([]);
    expect(choicesToPrepare("key-mismatch", "healthy", "node-authorizer", none)).toEqual([]);
  });
  it("prepares the next question, then the shown scenario's fix", () => {
    expect(choicesToPrepare("key-mismatch", "key-mismatch", "node-authorizer", none)).toEqual([
      "node-authorizer",
      "healthy",
    ]);
    expect(choicesToPrepare("key-mismatch", "key-mismatch", undefined, none)).toEqual(["healthy"]);
  });
  it("prepares no fix while the healthy demo is shown, and the next one with no scenario shown", () => {
    expect(choicesToPrepare("healthy", "healthy", undefined, none)).toEqual([]);
    expect(choicesToPrepare(undefined, undefined, "node-authorizer", none)).toEqual(["node-authorizer"]);
    expect(choicesToPrepare(undefined, undefined, undefined, none)).toEqual([]);
  });
  it("leaves out what is kept and a next that is the shown one", () => {
    const kept = (choice: ScenarioChoice) => choice === "healthy";
    expect(choicesToPrepare("key-mismatch", "key-mismatch", "key-mismatch", kept)).toEqual([]);
    expect(choicesToPrepare("key-mismatch", "key-mismatch", "healthy", none)).toEqual(["healthy"]);
  });
});
