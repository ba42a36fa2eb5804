/**
 * The order a certificate's paths are shown in: its stand-alone file first (where people renew it),
 * then the copies embedded in kubeconfigs and bundles, as the report lists them.
 */
import type { ReportCertificate } from "@/lib/report";
import { displayPath } from "@/lib/format/report-view";
import { homeSecret, secretRowName } from "@/lib/view/secret-groups";
import { homeObject, objectRowName } from "@/lib/view/object-refs";

/** Every path of `certificate`, the display path first; empty when the report names none. */
export function orderedPaths(certificate: ReportCertificate): string[] {
  if (certificate.paths.length === 0) return [];
  const first = displayPath(certificate);
  return [first, ...certificate.paths.filter((path) => path !== first)];
}

/**
 * What a row is called, then the other places: a certificate found only in Secrets by its Secret
 * and key (`webhook-tls · tls.crt`), under its namespace's heading; any other by its paths.
 */
export function rowPaths(certificate: ReportCertificate): string[] {
  const home = homeSecret(certificate);
  const object = home ? undefined : homeObject(certificate);
  if (object) return [objectRowName(object), ...orderedPaths(certificate)];
  if (!home) return orderedPaths(certificate);
  // Found only in Secrets, its paths and its Secret keys are one for one, in the same order.
  const at = certificate.secrets?.indexOf(home) ?? -1;
  return [secretRowName(home), ...certificate.paths.filter((_, index) => index !== at)];
}
