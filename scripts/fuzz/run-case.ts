/**
 * Runs one case where it is given (a worker thread, or a test): the node with the case's changes
 * goes through `analyze` at the node's fixed instant and every output format, and the outcome says
 * which enabled invariants broke. A throw from analyze or a formatter is invariant a, kept as data.
 */
import { getHeapStatistics } from "node:v8";
import { analyze } from "../../lib/analyze";
import type { InputFile } from "../../lib/inventory";
import type { Report } from "../../lib/report";
import {
  type CertificatePaths,
  certificatePaths,
  controlCharacters,
  keyLeaks,
  lostCertificates,
  type Violation,
} from "./check-invariants";
import type { LoadedEntry } from "./corpus";
import { caseFiles, type FuzzCase, type Invariant } from "./fuzz-case";
import { keyMaterial, keyWindows, publicMaterial } from "./key-windows";
import { type Format, FORMATS, renderOutput, TEXT_FORMATS } from "./render-outputs";

/** A corpus node ready to judge cases against: its files and what its healthy report holds. */
export interface Baseline {
  entry: LoadedEntry;
  certificates: CertificatePaths;
  windows: ReadonlyMap<string, string>;
}

export interface CaseOutcome {
  violations: Violation[];
  /** Wall time of analyze plus every format (the checks after them not included). */
  ms: number;
  /** The most heap seen in use during the case (sampled after each stage). */
  heapMb: number;
  certificates: number;
}

const heapMb = () => getHeapStatistics().used_heap_size / (1024 * 1024);

/** Each node's healthy report and key windows, worked out once and handed to every worker thread. */
export async function loadBaselines(corpus: readonly LoadedEntry[]): Promise<Baseline[]> {
  const baselines: Baseline[] = [];
  for (const entry of corpus) {
    const report = await analyze(entry.files, { now: entry.now });
    const windows = keyWindows(keyMaterial(entry.files), publicMaterial(entry.files));
    baselines.push({ entry, certificates: certificatePaths(report), windows });
  }
  return baselines;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const frame = (error.stack ?? "").split("\n").find((line) => /\/(lib|scripts)\//.test(line));
    return `${error.name}: ${error.message}${frame ? ` ${frame.trim()}` : ""}`;
  }
  return String(error);
}

/** A stable key for an error: its kind and message with numbers and quoted text blanked. */
export function errorKey(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text
    .replace(/(["'`]).*?\1/g, "…")
    .replace(/\d+/g, "N")
    .slice(0, 100);
}

/** Links read as copies of a touched file stand for it: they are touched too. */
function touchedPaths(fuzzCase: FuzzCase, nodeFiles: readonly InputFile[]): string[] {
  const touched = new Set(fuzzCase.touched);
  const bytesOf = new Map(nodeFiles.map((file) => [file.path, file.bytes]));
  for (const file of nodeFiles) {
    if (file.linkTarget === undefined) continue;
    for (const path of fuzzCase.touched) if (bytesOf.get(path) === file.bytes) touched.add(file.path);
  }
  return [...touched];
}

/**
 * Runs the case and checks the invariants in `checks` (b is the caller's: it owns the clock).
 * `onRendered` is told when the analysis and every format are done: the invariant checks after
 * it are the fuzzer's work, not the tool's, and count against no budget.
 */
export async function runCase(
  fuzzCase: FuzzCase,
  baseline: Baseline,
  checks: ReadonlySet<Invariant>,
  onRendered: () => void = () => undefined,
): Promise<CaseOutcome> {
  const violations: Violation[] = [];
  const threw = (stage: string, error: unknown) => {
    if (checks.has("a"))
      violations.push({
        invariant: "a",
        key: `${stage} ${errorKey(error)}`,
        detail: `${stage} threw ${errorText(error)}`,
      });
  };
  const started = performance.now();
  let peak = heapMb();
  let report: Report | undefined;
  try {
    report = await analyze(caseFiles(fuzzCase, baseline.entry.files), { now: baseline.entry.now });
  } catch (error) {
    threw("analyze", error);
  }
  peak = Math.max(peak, heapMb());
  const outputs: { format: Format; output: string }[] = [];
  if (report)
    for (const format of FORMATS) {
      try {
        outputs.push({ format, output: renderOutput(report, format) });
      } catch (error) {
        threw(format, error);
      }
    }
  peak = Math.max(peak, heapMb());
  const ms = performance.now() - started;
  onRendered();
  if (report && checks.has("c"))
    violations.push(
      ...lostCertificates(baseline.certificates, touchedPaths(fuzzCase, baseline.entry.files), report),
    );
  for (const { format, output } of outputs) {
    if (checks.has("d")) violations.push(...keyLeaks(format, output, baseline.windows));
    if (checks.has("e") && TEXT_FORMATS.includes(format))
      violations.push(...controlCharacters(format, output));
  }
  return { violations, ms, heapMb: peak, certificates: report?.certificates.length ?? 0 };
}
