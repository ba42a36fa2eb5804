/**
 * `analyze()` cut into its stages, with the same arguments and in the same order as lib/analyze.ts,
 * so each stage can be timed on its own. The bench checks once per input that the staged report is
 * identical to `analyze()`'s, so a change to analyze.ts that is not mirrored here cannot go unseen.
 */
import { DEFAULT_CA_HORIZON_DAYS, DEFAULT_WARN_DAYS, DEFAULT_WARN_FRACTION } from "../../lib/expiry";
import { sortFindings } from "../../lib/analyze";
import { buildCheckContext } from "../../lib/engine/context";
import { RULES } from "../../lib/checks/index";
import { buildClusterModel } from "../../lib/cluster/build-model";
import { DEFAULT_ARCHIVE_LIMITS } from "../../lib/ingest/archive-limits";
import { expandArchives } from "../../lib/ingest/expand-archives";
import { ingest } from "../../lib/ingest/ingest";
import type { InputFile } from "../../lib/inventory";
import { createSignatureVerifier } from "../../lib/pki/signature-verifier";
import type { Report } from "../../lib/report";
import { buildReport } from "../../lib/report-builder";

/** The stages of analyze(), in order. Their sum is the analysis time. */
export const STAGES = ["ingest", "model", "context", "rules", "report"] as const;
export type StageName = (typeof STAGES)[number];

export interface StagedRun {
  /** Milliseconds per stage. */
  ms: Record<StageName, number>;
  report: Report;
}

/** Runs analyze()'s stages one after the other and times each with `performance.now()`. */
export async function runStages(files: InputFile[], now: Date, crypto: Crypto): Promise<StagedRun> {
  const t0 = performance.now();
  const inventory = await ingest(files, { crypto });
  const t1 = performance.now();
  const model = buildClusterModel(inventory);
  const t2 = performance.now();
  const verifier = createSignatureVerifier(crypto);
  const ctx = await buildCheckContext(inventory, model, {
    now,
    // analyze()'s defaults, so the staged run is the same analysis.
    warnDays: DEFAULT_WARN_DAYS,
    warnFraction: DEFAULT_WARN_FRACTION,
    caHorizonDays: DEFAULT_CA_HORIZON_DAYS,
    verifier,
  });
  const t3 = performance.now();
  const findings = sortFindings(RULES.flatMap((rule) => rule.run(ctx)));
  const t4 = performance.now();
  const report = await buildReport({ inventory, model, ctx, findings, verifier });
  const t5 = performance.now();
  return {
    ms: { ingest: t1 - t0, model: t2 - t1, context: t3 - t2, rules: t4 - t3, report: t5 - t4 },
    report,
  };
}

/**
 * Times archive expansion alone — the first step inside `ingest` — for inputs that are archives,
 * with the default limits ingest applies. The expanded files are dropped.
 */
export function timeExpansion(files: InputFile[]): { ms: number; files: number } {
  const start = performance.now();
  const expanded = expandArchives(files, DEFAULT_ARCHIVE_LIMITS);
  const ms = performance.now() - start;
  if (expanded.problems.length > 0) {
    throw new Error(`archive did not expand cleanly: ${expanded.problems.map((p) => p.reason).join("; ")}`);
  }
  return { ms, files: expanded.files.length };
}
