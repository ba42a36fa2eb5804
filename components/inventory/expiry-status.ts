/**
 * How a certificate's validity reads in the inventory and the panels: a tone (what colour and icon
 * it earns) and the words next to its date. Colour follows the report's own thresholds — expired or
 * not yet valid is an error, inside `warnDays` a warning — so the table never disagrees with the
 * findings the analysis raised.
 */
import type { ReportCertificate } from "@/lib/report";
import { formatRelative } from "@/lib/format/relative-time";

export type ExpiryTone = "error" | "warning" | "normal";

export interface ExpiryStatus {
  tone: ExpiryTone;
  /** "in 41 days", "expired 3 days ago", "not valid for another 2 days". */
  phrase: string;
  /** One word for people who cannot tell the colours apart: "expired", "not yet valid", "expires soon", "valid". */
  label: string;
}

/** Tone and wording of `certificate`'s validity at `now`; `warnDays` is the report's warning window. */
export function expiryStatus(
  certificate: Pick<ReportCertificate, "notBefore" | "notAfter" | "daysLeft">,
  now: string,
  warnDays: number,
): ExpiryStatus {
  const at = Date.parse(now);
  if (Date.parse(certificate.notAfter) < at) {
    return {
      tone: "error",
      phrase: `expired ${formatRelative(now, certificate.notAfter)}`,
      label: "expired",
    };
  }
  if (Date.parse(certificate.notBefore) > at) {
    const starts = formatRelative(now, certificate.notBefore).replace(/^in /, "");
    return { tone: "error", phrase: `not valid for another ${starts}`, label: "not yet valid" };
  }
  // The same words as every other view and the findings: "in 41 days", "in 5 hours".
  const phrase = formatRelative(now, certificate.notAfter);
  if (certificate.daysLeft <= warnDays) return { tone: "warning", phrase, label: "expires soon" };
  return { tone: "normal", phrase, label: "valid" };
}

/** "2027-11-22": the calendar date of an ISO instant in UTC, or the value itself when unparseable. */
export function formatDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 10);
}
