"use client";
/**
 * Details of the selected relationship, component, trust anchor, certificate or finding. Placeholder with the agreed props; the real view replaces it.
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";

export function DetailPanel({ report }: ExplorerViewProps) {
  return <div className="text-muted p-4 text-sm">DetailPanel: {report.relationships.length} relationships</div>;
}
