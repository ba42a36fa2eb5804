/**
 * Whether a report is of a plain PKI: no Kubernetes wiring found (generic mutual TLS), or a layout
 * not recognised where no configuration names any component's files (judge.ts). Its certificates,
 * chains and key pairs were judged, with no relationship: the views draw the PKI itself.
 */
import type { Report } from "../report";

export function isUnwired(report: Report): boolean {
  if (report.layout?.name === "generic-mtls") return true;
  return (
    report.relationships.length === 0 && report.components.length === 0 && report.certificates.length > 0
  );
}
