"use client";
/**
 * Findings grouped by severity. Placeholder with the agreed props; the real view replaces it.
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";

export function FindingsList({ report }: ExplorerViewProps) {
  return <div className="text-muted p-4 text-sm">FindingsList: {report.relationships.length} relationships</div>;
}
