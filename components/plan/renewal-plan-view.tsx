"use client";
import type { ExplorerViewProps } from "@/components/explorer/selection";

/** The renewal plan: by date, what expires, what stops working, what to run. */
export function RenewalPlanView({ report }: ExplorerViewProps) {
  return <p className="text-muted p-4 text-sm">Renewal plan for {report.certificates.length} certificates</p>;
}
