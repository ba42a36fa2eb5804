"use client";
/**
 * Every certificate once, sortable by expiry. Placeholder with the agreed props; the real view replaces it.
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";

export function CertificateInventory({ report }: ExplorerViewProps) {
  return <div className="text-muted p-4 text-sm">CertificateInventory: {report.relationships.length} relationships</div>;
}
