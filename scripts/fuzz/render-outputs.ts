/**
 * Every output the CLI can print for a report, rendered as `k8s-pki audit` renders it when writing
 * to a file or a pipe (no colour, default width): the three text formats, the JSON document and
 * the formats other tools read (SARIF, JUnit XML, Prometheus metrics).
 */
import { jsonChunks } from "../../lib/format/json-chunks";
import { formatMarkdown } from "../../lib/format/markdown";
import { formatPlan } from "../../lib/format/plan";
import { formatStandard } from "../../lib/format/standard-formats";
import { formatTable } from "../../lib/format/table";
import type { Report } from "../../lib/report";

export const FORMATS = ["json", "table", "markdown", "plan", "sarif", "junit", "prometheus"] as const;
export type Format = (typeof FORMATS)[number];

/**
 * The formats held to the no-control-character invariant: those written for people, and those a CI
 * page or a dashboard shows them (input strings are escapes there too; only SARIF's URIs keep exact
 * names, percent-encoded).
 */
export const TEXT_FORMATS: readonly Format[] = ["table", "markdown", "plan", "sarif", "junit", "prometheus"];

const RENDER: Record<Format, (report: Report) => string> = {
  json: (report) => [...jsonChunks(report)].join(""),
  table: (report) => formatTable(report, { color: false }),
  markdown: (report) => formatMarkdown(report, { failOn: "error" }),
  plan: (report) => formatPlan(report, { color: false }),
  sarif: (report) => formatStandard(report, "sarif"),
  junit: (report) => formatStandard(report, "junit"),
  prometheus: (report) => formatStandard(report, "prometheus"),
};

/** Renders one format; a throw is the caller's to record (it breaks invariant a). */
export function renderOutput(report: Report, format: Format): string {
  return RENDER[format](report);
}
