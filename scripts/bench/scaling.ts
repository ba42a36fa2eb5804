/**
 * How the analysis grows with the cluster: for each step between two synthetic sets (50 → 200 →
 * 1000 workers), each stage's time ratio against the certificate ratio, as an exponent k
 * (time ∝ certificates^k): about 1 is linear, clearly above 1 is a super-linear stage to look at.
 */
import type { InputResult, StageResult } from "./measure-input";
import { growthExponent } from "./stats";

export interface StageGrowth {
  stage: StageResult["stage"];
  timeRatio: number;
  exponent: number;
}

export interface ScalingStep {
  fromWorkers: number;
  toWorkers: number;
  fromCertificates: number;
  toCertificates: number;
  certificateRatio: number;
  stages: StageGrowth[];
}

/** The growth steps between consecutive synthetic sets (inputs with `workers`), smallest first. */
export function scalingSteps(results: readonly InputResult[]): ScalingStep[] {
  const sets = results
    .filter((r): r is InputResult & { workers: number } => r.workers !== undefined && !r.archive)
    .sort((a, b) => a.workers - b.workers);
  const steps: ScalingStep[] = [];
  for (let i = 1; i < sets.length; i++) {
    const from = sets[i - 1];
    const to = sets[i];
    if (!from || !to) continue;
    steps.push({
      fromWorkers: from.workers,
      toWorkers: to.workers,
      fromCertificates: from.certificates,
      toCertificates: to.certificates,
      certificateRatio: to.certificates / from.certificates,
      stages: to.stages.flatMap((stage) => {
        const before = from.stages.find((s) => s.stage === stage.stage);
        if (!before) return [];
        return [
          {
            stage: stage.stage,
            timeRatio: stage.median / before.median,
            exponent: growthExponent(before.median, stage.median, from.certificates, to.certificates),
          },
        ];
      }),
    });
  }
  return steps;
}
