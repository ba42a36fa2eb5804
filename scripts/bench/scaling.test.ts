import { describe, expect, it } from "vitest";

import type { InputResult } from "./measure-input";
import { scalingSteps } from "./scaling";

function result(
  input: string,
  certificates: number,
  totalMs: number,
  extra: Partial<InputResult>,
): InputResult {
  const stage = { stage: "total" as const, median: totalMs, min: totalMs, max: totalMs, samples: [totalMs] };
  return { input, files: 0, certificates, archive: false, runs: 1, warmups: 2, stages: [stage], ...extra };
}

describe("scalingSteps", () => {
  it("steps through the synthetic sets by size, leaving out fixtures and archives", () => {
    const steps = scalingSteps([
      result("healthy", 17, 50, {}),
      result("N=200", 200, 400, { workers: 200 }),
      result("N=50", 50, 100, { workers: 50 }),
      result("N=200 .tar.gz", 200, 999, { workers: 200, archive: true }),
      result("N=1000", 1000, 10_000, { workers: 1000 }),
    ]);
    expect(steps.map((s) => [s.fromWorkers, s.toWorkers, s.certificateRatio])).toEqual([
      [50, 200, 4],
      [200, 1000, 5],
    ]);
    expect(steps[0]?.stages[0]?.exponent).toBeCloseTo(1, 10);
    expect(steps[1]?.stages[0]?.exponent).toBeCloseTo(2, 10);
  });
});
