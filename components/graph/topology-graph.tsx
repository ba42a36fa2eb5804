"use client";
/**
 * The trust topology graph. Placeholder with the agreed props; the real view replaces it.
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";

export function TopologyGraph({ report }: ExplorerViewProps) {
  return <div className="text-muted p-4 text-sm">TopologyGraph: {report.relationships.length} relationships</div>;
}
