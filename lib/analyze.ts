/**
 * The single entry point of the analysis core: files in, report out. Pure and deterministic for
 * (files, now): no clock, no network, no globals beyond the injected WebCrypto. Runs unchanged in
 * Node (the CLI, tests) and in a browser Worker.
 */
import { buildClusterModel } from "./cluster/build-model";
import { buildCheckContext } from "./checks/context";
import { RULES } from "./checks/index";
import { ingest } from "./ingest/ingest";
import type { InputFile } from "./ingest/types";
import { createSignatureVerifier } from "./pki/signature-verifier";
import type { Finding, Report } from "./report";
import { buildReport } from "./report-builder";

export interface AnalyzeOptions {
  /** The instant to judge validity at. */
  now: Date | string;
  /** Warn when a certificate expires within this many days (default 30). */
  warnDays?: number;
  /** Warn when less than this fraction of a certificate's lifetime is left (default 0.1). */
  warnFraction?: number;
  /** WebCrypto implementation (default `globalThis.crypto`). */
  crypto?: Crypto;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Order findings for people and for golden tests: severity, then code, then first file. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      a.code.localeCompare(b.code) ||
      (a.files[0] ?? "").localeCompare(b.files[0] ?? "") ||
      a.title.localeCompare(b.title),
  );
}

/** Analyse the files of one or more Kubernetes nodes and return the report. */
export async function analyze(files: InputFile[], options: AnalyzeOptions): Promise<Report> {
  const now = typeof options.now === "string" ? new Date(options.now) : options.now;
  if (Number.isNaN(now.getTime())) throw new RangeError(`analyze: invalid now ${String(options.now)}`);
  const crypto = options.crypto ?? globalThis.crypto;
  const warnDays = options.warnDays ?? 30;
  const warnFraction = options.warnFraction ?? 0.1;
  const inventory = await ingest(files, { crypto });
  const model = buildClusterModel(inventory);
  const verifier = createSignatureVerifier(crypto);
  const ctx = await buildCheckContext(inventory, model, { now, warnDays, warnFraction, verifier });
  const findings = sortFindings(RULES.flatMap((rule) => rule.run(ctx)));
  return buildReport({ inventory, model, ctx, findings, verifier });
}
