/**
 * A certificate's expiry as the inventory shows it: the date, and the distance from the report's
 * `now` coloured by the report's thresholds, with an icon and a hidden word when it is a problem.
 */
import type { ReportCertificate } from "@/lib/report";
import { TONE_TEXT } from "@/components/detail/status-badge";
import { StatusIcon } from "@/components/detail/status-icon";
import { expiryStatus, formatDate } from "./expiry-status";

export function ExpiryCell({
  certificate,
  now,
  warnDays,
}: {
  certificate: ReportCertificate;
  now: string;
  warnDays: number;
}) {
  const expiry = expiryStatus(certificate, now, warnDays);
  const colour = expiry.tone === "normal" ? "text-muted" : TONE_TEXT[expiry.tone];
  return (
    <span className="flex flex-col">
      <span className="font-mono text-xs tabular-nums">{formatDate(certificate.notAfter)}</span>
      <span className={`inline-flex items-center gap-1 text-xs ${colour}`}>
        {expiry.tone !== "normal" && <StatusIcon tone={expiry.tone} />}
        {expiry.tone !== "normal" && expiry.label !== "expired" && (
          <span className="sr-only">{expiry.label}:</span>
        )}
        {expiry.phrase}
      </span>
    </span>
  );
}
