/**
 * The bench's terminal output: one row per input and stage, then how the synthetic sets scale,
 * then the openssl yardstick. Everything here is formatting of figures computed elsewhere.
 */
import type { InputResult } from "./measure-input";
import type { OpensslResult } from "./openssl-baseline";
import { SPEED_REFERENCE_US, type OpensslComparison } from "./openssl-comparison";
import type { ScalingStep } from "./scaling";
import { formatMs, textTable } from "./text-table";

const percent = (value: number) => `${Math.round(value * 100)}%`;
const ratio = (value: number) => `×${value.toFixed(2)}`;

/** Per input and stage: median, min, max, share of the total and µs per certificate. */
export function renderStageTable(results: readonly InputResult[]): string {
  const rows: string[][] = [];
  for (const result of results) {
    const total = result.stages.find((s) => s.stage === "total")?.median ?? Number.NaN;
    const labels = [result.input, `${result.files} files`, `${result.certificates} certs`];
    result.stages.forEach((stage, i) => {
      rows.push([
        labels[i] ?? "",
        stage.stage === "expand" ? "expand (in ingest)" : stage.stage,
        formatMs(stage.median),
        formatMs(stage.min),
        formatMs(stage.max),
        percent(stage.median / total),
        ((stage.median * 1000) / result.certificates).toFixed(0),
      ]);
    });
  }
  return textTable(["input", "stage", "median ms", "min ms", "max ms", "share", "µs/cert"], rows, 2);
}

/** Median per synthetic set, then each step's time ratio and growth exponent per stage. */
export function renderScaling(steps: readonly ScalingStep[]): string {
  const first = steps[0];
  if (!first) return "scaling: needs at least two synthetic sets (not measured with --quick)";
  const header = ["stage", ...steps.map((s) => `${s.fromWorkers}→${s.toWorkers} workers`), "exponent k"];
  const certRow = [
    "certificates",
    ...steps.map((s) => `${s.fromCertificates}→${s.toCertificates} ${ratio(s.certificateRatio)}`),
    "",
  ];
  const rows = first.stages.map((stage) => [
    stage.stage,
    ...steps.map((s) => {
      const growth = s.stages.find((g) => g.stage === stage.stage);
      return growth ? ratio(growth.timeRatio) : "";
    }),
    steps.map((s) => s.stages.find((g) => g.stage === stage.stage)?.exponent.toFixed(2) ?? "?").join(" / "),
  ]);
  return [
    textTable(header, [certRow, ...rows]),
    "k: time ∝ certificates^k per step (1 = linear, 2 = quadratic)",
  ].join("\n");
}

/** openssl's figure, our multiple of it, and where both stand against the tech-notes reference. */
export function renderOpenssl(openssl: OpensslResult, comparison: OpensslComparison | undefined): string {
  if (!openssl.available || !comparison) {
    return `openssl baseline: not measured (${openssl.available ? "no comparable input" : openssl.reason})`;
  }
  const ref = SPEED_REFERENCE_US;
  return [
    `openssl verify (${openssl.version}), ${openssl.certificates} kubelet client certificates in ${openssl.processes} processes:`,
    `  median ${formatMs(openssl.median)} ms (min ${formatMs(openssl.min)}, max ${formatMs(openssl.max)}), ${comparison.opensslUsPerCert.toFixed(0)} µs/cert`,
    `${comparison.input}: total ${formatMs(comparison.oursTotalMs)} ms, ${comparison.oursUsPerCert.toFixed(0)} µs/cert`,
    `  = ${comparison.totalRatio.toFixed(1)}× openssl for the whole analysis; chain checks alone (context) ${comparison.contextRatio.toFixed(1)}×`,
    `reference (tech-notes, 10k leaves, RSA-2048 CA, µs/cert): openssl ${ref.opensslVerify}, node X509Certificate parse+verify ${ref.nodeNativeParseVerify},`,
    `  @peculiar/x509 parse ${ref.peculiarParseOnly}, parse+read every field ${ref.peculiarParseReadAll}, cached-key verify ${ref.cachedKeyVerifySequential}`,
    `  openssl here runs at ${comparison.machineFactor.toFixed(2)}× the reference figure (machine load, small-batch process start-up)`,
  ].join("\n");
}
