/**
 * The flags a timeline bar carries: the findings that bear on one certificate's dates, in words
 * ("outlives its CA by 45 days", "inside the 365-day CA horizon"). The rules decide, the timeline
 * tells.
 */
import { DAY_MS } from "@/lib/expiry";
import type { Report, ReportCertificate } from "@/lib/report";
import { reportIndex } from "@/lib/view/report-index";
import type { TimelineFlag } from "./timeline-model";
import { durationWords } from "./timeline-labels";

/**
 * Flags of `certificate` from the report's findings; `issuerEnd` is its issuer's end when the issuer
 * is in the input (without it, how long it outlives the CA cannot be told).
 */
export function barFlags(
  report: Report,
  certificate: ReportCertificate,
  issuerEnd: number | undefined,
): TimelineFlag[] {
  const codes = new Set(
    reportIndex(report)
      .findingsOf(certificate.id)
      .map((at) => report.findings[at]?.code),
  );
  const flags: TimelineFlag[] = [];
  const end = Date.parse(certificate.notAfter);
  if (codes.has("CERT_OUTLIVES_ISSUER") && issuerEnd !== undefined && end > issuerEnd)
    flags.push({ text: `outlives its CA by ${durationWords(issuerEnd, end)}`, tone: "error" });
  if (codes.has("CA_EXPIRES_SOON")) {
    const inside = end - Date.parse(report.now) <= report.caHorizonDays * DAY_MS;
    flags.push({
      text: inside ? `inside the ${report.caHorizonDays}-day CA horizon` : "CA due for rotation",
      tone: "warning",
    });
  }
  return flags;
}
