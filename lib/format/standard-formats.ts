/**
 * The formats other tools read — SARIF for code-scanning dashboards, JUnit XML for CI test reports,
 * Prometheus textfile metrics for fleet monitoring — behind one function, which both the CLI's
 * `--format` and the explorer's export menu call, so the two give the same bytes for a report.
 */
import type { Report } from "../report";
import { formatJunit } from "./junit";
import { formatPrometheus } from "./prometheus";
import { formatSarif } from "./sarif";

export const STANDARD_FORMATS = ["sarif", "junit", "prometheus"] as const;

export type StandardFormat = (typeof STANDARD_FORMATS)[number];

/** Whether `format` names one of the standard formats. */
export function isStandardFormat(format: string): format is StandardFormat {
  return (STANDARD_FORMATS as readonly string[]).includes(format);
}

/** The report in a standard format: the whole file's text, ending in a newline. */
export function formatStandard(report: Report, format: StandardFormat): string {
  switch (format) {
    case "sarif":
      return formatSarif(report);
    case "junit":
      return formatJunit(report);
    case "prometheus":
      return formatPrometheus(report);
  }
}
