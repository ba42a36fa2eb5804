/**
 * The machine-readable record of a bench run, `bench-results/bench-<date>.json`: one flat row per
 * input and stage (median, min, max, runs) for comparing runs, plus the raw samples, the scaling
 * steps, the openssl baseline and what the machine was (Node version, cores, load).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import type { InputResult } from "./measure-input";
import type { OpensslResult } from "./openssl-baseline";
import type { OpensslComparison } from "./openssl-comparison";
import type { ScalingStep } from "./scaling";

export interface BenchRun {
  startedAt: Date;
  quick: boolean;
  runs: number;
  warmups: number;
  loadAverageAtStart: number[];
  /** The first analysis in the process, before any warm-up (JIT compilation included). */
  coldStart: { input: string; ms: number };
  generation: { workers: number; ms: number; archiveMs: number };
  results: InputResult[];
  scaling: ScalingStep[];
  openssl: OpensslResult;
  comparison?: OpensslComparison;
}

/** The JSON document for a run: flat rows first, details after. */
export function benchResultsJson(run: BenchRun): unknown {
  return {
    date: run.startedAt.toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    loadAverage: { start: run.loadAverageAtStart, end: loadavg() },
    quick: run.quick,
    runs: run.runs,
    warmups: run.warmups,
    rows: run.results.flatMap((result) =>
      result.stages.map((stage) => ({
        input: result.input,
        stage: stage.stage,
        median: stage.median,
        min: stage.min,
        max: stage.max,
        runs: result.runs,
        files: result.files,
        certificates: result.certificates,
        usPerCert: (stage.median * 1000) / result.certificates,
      })),
    ),
    coldStart: run.coldStart,
    generation: run.generation,
    samples: run.results.map((result) => ({
      input: result.input,
      stages: Object.fromEntries(result.stages.map((stage) => [stage.stage, stage.samples])),
    })),
    scaling: run.scaling,
    openssl: run.openssl,
    comparison: run.comparison ?? null,
  };
}

/** Writes the run under `dir` as `bench-<ISO date and time>.json` and returns the file path. */
export async function writeBenchResults(dir: string, run: BenchRun): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = run.startedAt
    .toISOString()
    .replace(/:/g, "-")
    .replace(/\.\d+Z$/, "Z");
  const file = join(dir, `bench-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(benchResultsJson(run), null, 2)}\n`);
  return file;
}

/**
 * Writes a browser bench's record as `bench-results/<kind>-<date>.json` (the date as a file name
 * allows: no colons, whole seconds) and returns the file's path.
 */
export async function writeBenchRecord(kind: string, startedAt: Date, record: unknown): Promise<string> {
  const dir = fileURLToPath(new URL("../../bench-results", import.meta.url));
  await mkdir(dir, { recursive: true });
  const stamp = startedAt
    .toISOString()
    .replace(/:/g, "-")
    .replace(/\.\d+Z$/, "Z");
  const file = join(dir, `${kind}-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}
