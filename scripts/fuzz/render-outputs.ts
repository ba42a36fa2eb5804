/**
 * Every output the CLI can print for a report, rendered as `k8s-pki audit` renders it when writing
 * to a file or a pipe (no colour, default width): the three text formats and the JSON document.
 */
import { jsonChunks } from "../../lib/format/json-chunks";
import { formatMarkdown } from "../../lib/format/markdown";
import { formatPlan } from "../../lib/format/plan";
import { formatTable } from "../../lib/format/table";
import type { Report } from "../../lib/report";

export const FORMATS = ["json", "table", "markdown", "plan"] as const;
export type Format = (typeof FORMATS)[number];

/** The formats written for people, held to the no-control-character invariant. */
export const TEXT_FORMATS: readonly Format[] = ["table", "markdown", "plan"];

const RENDER: Record<Format, (report: Report) => string> = {
  json: (report) => [...jsonChunks(report)].join(""),
  table: (report) => formatTable(report, { color: false }),
  markdown: (report) => formatMarkdown(report, { failOn: "error" }),
  plan: (report) => formatPlan(report, { color: false }),
};

/** Renders one format; a throw is the caller's to record (it breaks invariant a). */
export function renderOutput(report: Report, format: Format): string {
  return RENDER[format](report);
}
