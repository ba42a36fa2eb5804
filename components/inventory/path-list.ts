/**
 * The order a certificate's paths are shown in: its stand-alone file first (where people renew it),
 * then the copies embedded in kubeconfigs and bundles, as the report lists them.
 */
import type { ReportCertificate } from "../../lib/report";
import { displayPath } from "../../lib/format/report-view";

/** Every path of `certificate`, the display path first; empty when the report names none. */
export function orderedPaths(certificate: ReportCertificate): string[] {
  if (certificate.paths.length === 0) return [];
  const first = displayPath(certificate);
  return [first, ...certificate.paths.filter((path) => path !== first)];
}
