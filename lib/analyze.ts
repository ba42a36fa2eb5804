/**
 * The single entry point of the analysis core: files in, report out. Pure and deterministic for
 * (files, now): no clock, no network, no globals beyond the injected WebCrypto. Runs unchanged in
 * Node (the CLI, tests) and in a browser Worker.
 */
import type { AnalyzeProgress } from "./analysis-progress";
import { detectLayout } from "./cluster/detect-layout";
import { DEFAULT_CA_HORIZON_DAYS, DEFAULT_WARN_DAYS, DEFAULT_WARN_FRACTION } from "./expiry";
import type { PrepareAhead } from "./ingest/prepare-ahead";
import { ingest } from "./ingest/ingest";
import { judge } from "./judge";
import type { InputFile, Inventory } from "./inventory";
import { createSignatureVerifier } from "./pki/signature-verifier";
import { SEVERITY_ORDER, type Finding, type Report } from "./report";
import { buildReport } from "./report-builder";
import { redactSecrets } from "./redact/redact-secrets";
import { KUBEADM_DEFAULT_POLICY } from "./policy/default-policy";
import type { Policy } from "./policy/policy";
import { reportPolicy } from "./policy/policy-data";

export { AnalysisCancelled, type AnalyzeProgress, type AnalyzeStage } from "./analysis-progress";

export interface AnalyzeOptions {
  /** The instant to judge validity at. */
  now: Date | string;
  /** Warn when a certificate expires within this many days (default 30). */
  warnDays?: number;
  /** Warn when less than this fraction of a certificate's lifetime is left (default 0.1). */
  warnFraction?: number;
  /** Report a CA expiring within this many days (default 365). */
  caHorizonDays?: number;
  /**
   * Passwords for password-protected PKCS#12 files, tried after the empty one. They open files
   * and are never written into the report.
   */
  passwords?: readonly string[];
  /**
   * The caller hands `files` over: the array is emptied and each file let go of once read, so the
   * bytes of a large input are freed early (see `IngestOptions.consumeInput`).
   */
  consumeInput?: boolean;
  /** WebCrypto implementation (default `globalThis.crypto`). */
  crypto?: Crypto;
  /** Files read, chains verified, rules run: at most 50 calls per stage. */
  onProgress?: (progress: AnalyzeProgress) => void;
  /** Checked between files and between verifications; true rejects with `AnalysisCancelled`. */
  isCancelled?: () => boolean;
  /** Awaited before each cancellation check, so a Worker can take in a cancel message. */
  pause?: () => Promise<void>;
  /** Other cores preparing files while they are read: the same report, sooner (prepare-ahead.ts). */
  prepareAhead?: PrepareAhead;
  /** The audit policy (lib/policy); absent: the built-in one, kubeadm's limits where kubeadm made the PKI. */
  policy?: Policy;
}

/** Order findings for people and for golden tests: severity, then code, then first file. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      a.code.localeCompare(b.code) ||
      (a.files[0] ?? "").localeCompare(b.files[0] ?? "") ||
      a.title.localeCompare(b.title),
  );
}

/**
 * Analyse the files of one or more Kubernetes nodes and return the report. With `onProgress` it
 * reports each stage (read, verify, report); with `isCancelled` it stops between units of work and
 * rejects with `AnalysisCancelled`, so a superseded analysis in a Worker frees the thread quickly.
 */
export function analyze(files: InputFile[], options: AnalyzeOptions): Promise<Report> {
  const now = typeof options.now === "string" ? new Date(options.now) : options.now;
  if (Number.isNaN(now.getTime()))
    return Promise.reject(new RangeError(`analyze: invalid now ${String(options.now)}`));
  const crypto = options.crypto ?? globalThis.crypto;
  const hooks = { onProgress: options.onProgress, isCancelled: options.isCancelled, pause: options.pause };
  // Not an async function: once ingest has read the files, no frame of ours holds their bytes, so
  // a caller that let go of them frees them while the chains are judged.
  return ingest(files, {
    crypto,
    ...(options.passwords ? { passwords: options.passwords } : {}),
    ...(options.consumeInput ? { consumeInput: true } : {}),
    ...(options.prepareAhead ? { prepareAhead: options.prepareAhead } : {}),
    ...hooks,
  }).then((inventory) => judgeInventory(inventory, now, crypto, options, hooks));
}

async function judgeInventory(
  inventory: Inventory,
  now: Date,
  crypto: Crypto,
  options: AnalyzeOptions,
  hooks: Pick<AnalyzeOptions, "onProgress" | "isCancelled" | "pause">,
): Promise<Report> {
  const layout = detectLayout(inventory);
  const verifier = createSignatureVerifier(crypto);
  const { model, ctx, findings, tracker } = await judge(inventory, layout, {
    now,
    warnDays: options.warnDays ?? DEFAULT_WARN_DAYS,
    warnFraction: options.warnFraction ?? DEFAULT_WARN_FRACTION,
    caHorizonDays: options.caHorizonDays ?? DEFAULT_CA_HORIZON_DAYS,
    verifier,
    policy: options.policy ?? KUBEADM_DEFAULT_POLICY,
    ...hooks,
  });
  // The report stage's last unit is the report itself (which still verifies issuer links).
  await tracker.checkpoint();
  const report = await buildReport({ inventory, model, ctx, findings: sortFindings(findings), verifier });
  if (options.policy && options.policy.origin === "file") report.policy = reportPolicy(options.policy);
  redactSecrets(report, inventory.secrets?.texts ?? []);
  tracker.advance();
  return report;
}
