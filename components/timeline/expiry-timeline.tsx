"use client";
import type { ExplorerViewProps } from "@/components/explorer/selection";

/** The expiry timeline: one bar per certificate, grouped by trust domain. */
export function ExpiryTimeline({ report }: ExplorerViewProps) {
  return <p className="text-muted p-4 text-sm">{report.certificates.length} certificates</p>;
}
