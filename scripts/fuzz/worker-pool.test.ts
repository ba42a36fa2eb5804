import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { corpusEntry, loadCorpus } from "./corpus";
import type { FuzzCase } from "./fuzz-case";
import { loadBaselines } from "./run-case";
import { WorkerPool } from "./worker-pool";

const healthy = loadCorpus([corpusEntry("healthy")]);
const unchanged: FuzzCase = {
  seed: 0,
  index: 0,
  corpus: "healthy",
  mutator: "unchanged",
  replaceAll: false,
  changes: [],
  touched: [],
  target: "",
};
const lost: FuzzCase = {
  ...unchanged,
  mutator: "byte-delete",
  // ca.crt emptied: its certificate is still in every kubeconfig, so nothing is lost.
  changes: [{ path: "etc/kubernetes/pki/ca.crt", bytes: new Uint8Array() }],
  touched: [],
};

let pool: WorkerPool;
beforeAll(async () => {
  pool = await WorkerPool.create({
    workers: 1,
    budgetMs: 20_000,
    budgetMb: 512,
    checks: ["a", "b", "c", "d", "e"],
    baselines: await loadBaselines(healthy),
  });
});
afterAll(() => pool.close());

describe("WorkerPool", () => {
  it("runs a case in a worker thread and reports every invariant held", async () => {
    const outcome = await pool.run(unchanged);
    expect(outcome.violations).toEqual([]);
    expect(outcome.certificates).toBe(17);
    expect(outcome.heapMb).toBeGreaterThan(0);
  });

  it("cuts a case off at its budget, and the next case runs on a fresh thread", async () => {
    const cut = await pool.run(unchanged, 1);
    expect(cut.violations.map((violation) => `${violation.invariant} ${violation.key}`)).toEqual([
      "b timeout",
    ]);
    expect((await pool.run(unchanged)).violations).toEqual([]);
  });

  it("checks the case it is given: a certificate of an untouched file gone is invariant c", async () => {
    const outcome = await pool.run({
      ...lost,
      changes: [...lost.changes, { path: "etc/kubernetes/pki/apiserver.crt" }],
    });
    expect(outcome.violations.map((violation) => violation.invariant)).toEqual(["c"]);
    expect(outcome.violations[0]?.detail).toContain("etc/kubernetes/pki/apiserver.crt");
  });
});
