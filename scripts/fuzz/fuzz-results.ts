/**
 * How a run is told: one summary line (cases, failures per invariant, slowest case, peak heap,
 * cases per second), a line per distinct failure, and the machine-readable record in
 * bench-results/fuzz-<seed>.json.
 */
import { cpus, loadavg } from "node:os";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { INVARIANTS } from "./fuzz-case";
import type { FuzzStats } from "./fuzz-stats";
import type { FuzzArgs } from "./parse-fuzz-args";

export function summaryLine(args: FuzzArgs, stats: FuzzStats, durationMs: number): string {
  const seconds = durationMs / 1000;
  const failures = INVARIANTS.map((invariant) =>
    args.checks.includes(invariant) ? `${invariant}:${stats.failures[invariant]}` : `${invariant}:off`,
  ).join(" ");
  const { slowest } = stats;
  return (
    `fuzz seed ${args.seed}: ${stats.cases} cases in ${seconds.toFixed(1)} s (${(stats.cases / seconds).toFixed(1)} cases/s)` +
    ` | failures ${failures}` +
    ` | slowest ${slowest.ms.toFixed(0)} ms (case ${slowest.index}, ${slowest.mutator} on ${slowest.corpus})` +
    ` | peak heap ${stats.peakHeapMb.toFixed(0)} MB`
  );
}

/** One line per distinct failure, most frequent first within each invariant. */
export function failureLines(stats: FuzzStats): string[] {
  return [...stats.groups.values()]
    .sort((a, b) => a.violation.invariant.localeCompare(b.violation.invariant) || b.count - a.count)
    .map(
      (group) =>
        `  ${group.signature} ×${group.count} (first: case ${group.first.index}, ${group.first.corpus}/${group.first.target})` +
        `${group.reproducer ? ` → ${group.reproducer}` : group.reproduced === false ? " (did not fail again: no reproducer)" : ""}\n    ${group.violation.detail.slice(0, 300)}`,
    );
}

export function resultsJson(args: FuzzArgs, stats: FuzzStats, startedAt: Date, durationMs: number): unknown {
  return {
    date: startedAt.toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg(),
    seed: args.seed,
    runs: args.runs,
    budgetMs: args.budgetMs,
    budgetMb: args.budgetMb,
    checks: args.checks,
    cases: stats.cases,
    durationMs: Math.round(durationMs),
    casesPerSecond: Number((stats.cases / (durationMs / 1000)).toFixed(2)),
    failures: stats.failures,
    slowest: { ...stats.slowest, ms: Math.round(stats.slowest.ms) },
    peakHeapMb: Math.round(stats.peakHeapMb),
    byMutator: Object.fromEntries(
      Object.entries(stats.byMutator)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, row]) => [name, { ...row, maxMs: Math.round(row.maxMs) }]),
    ),
    distinct: [...stats.groups.values()].map((group) => ({
      signature: group.signature,
      invariant: group.violation.invariant,
      count: group.count,
      firstCase: group.first.index,
      corpus: group.first.corpus,
      mutator: group.first.mutator,
      target: group.first.target,
      detail: group.violation.detail,
      reproduced: group.reproduced ?? null,
      reproducer: group.reproducer ?? null,
      minimised: group.minimised ?? null,
    })),
  };
}

export async function writeResults(file: string, json: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
}
