/**
 * Times one input: a checked warm-up, more warm-ups, then R timed runs of analyze()'s stages,
 * summarised per stage by median, min and max. No garbage collection is forced between runs: with
 * `gc()` before each run the healthy fixture's runs took 3–5× longer (a forced full GC flushes
 * bytecode and shrinks the heap), so the figures would have measured recompilation, not analysis.
 */
import { analyze } from "../../lib/analyze";
import type { Report } from "../../lib/report";
import type { BenchInput } from "./fixture-inputs";
import { runStages, STAGES, timeExpansion, type StageName } from "./stages";
import { summarize, type Summary } from "./stats";

/** A stage's timings over the timed runs (ms). `expand` is part of `ingest` and not in `total`. */
export interface StageResult extends Summary {
  stage: StageName | "expand" | "total";
  samples: number[];
}

export interface InputResult {
  input: string;
  files: number;
  certificates: number;
  workers?: number;
  /** The input was one archive (its ingest includes expansion). */
  archive: boolean;
  runs: number;
  warmups: number;
  stages: StageResult[];
}

export interface MeasureOptions {
  runs: number;
  /** Untimed runs first; at least the two that check the staged report against analyze(). */
  warmups: number;
  crypto: Crypto;
}

function sameReport(a: Report, b: Report): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The input must be what it claims: the staged run must equal analyze(), and a synthetic cluster
 * must come out as one verified kubelet-client relationship per node — otherwise the figures would
 * describe some other analysis (say, every chain failing early).
 */
function checkReport(input: BenchInput, staged: Report, whole: Report): void {
  if (!sameReport(staged, whole)) throw new Error(`${input.name}: staged report differs from analyze()`);
  if (input.workers === undefined) return;
  const clients = staged.relationships.filter((r) => r.id === "kubelet-client");
  const ok = clients.filter((r) => r.status === "ok").length;
  if (clients.length !== input.workers + 1 || ok !== clients.length) {
    throw new Error(
      `${input.name}: expected ${input.workers + 1} kubelet-client relationships all ok, got ${ok} ok of ${clients.length}`,
    );
  }
}

/** Measures one input; throws when the input does not analyse as expected (a bench bug). */
export async function measureInput(input: BenchInput, options: MeasureOptions): Promise<InputResult> {
  const now = new Date(input.now);
  const whole = await analyze(input.files, { now, crypto: options.crypto });
  const first = await runStages(input.files, now, options.crypto);
  checkReport(input, first.report, whole);
  for (let i = 2; i < options.warmups; i++) await runStages(input.files, now, options.crypto);

  const samples = new Map<StageResult["stage"], number[]>();
  const record = (stage: StageResult["stage"], ms: number) => {
    const list = samples.get(stage) ?? [];
    list.push(ms);
    samples.set(stage, list);
  };
  for (let run = 0; run < options.runs; run++) {
    if (input.archive) record("expand", timeExpansion(input.files).ms);
    const { ms } = await runStages(input.files, now, options.crypto);
    for (const stage of STAGES) record(stage, ms[stage]);
    record(
      "total",
      STAGES.reduce((sum, stage) => sum + ms[stage], 0),
    );
  }

  const order: StageResult["stage"][] = input.archive ? ["expand", ...STAGES, "total"] : [...STAGES, "total"];
  return {
    input: input.name,
    files: whole.inputs.files,
    certificates: whole.inputs.certificates,
    ...(input.workers === undefined ? {} : { workers: input.workers }),
    archive: input.archive === true,
    runs: options.runs,
    warmups: Math.max(2, options.warmups),
    stages: order.map((stage) => {
      const list = samples.get(stage) ?? [];
      return { stage, ...summarize(list), samples: list };
    }),
  };
}
