/**
 * A certificate's decoded fields as a readable, openssl-like block, with a button copying the same
 * text. The inventory shows it when a row is expanded; the detail panel when a certificate is
 * selected. Labels sit beside their values where the container is wide enough, above them where
 * it is not.
 */
import type { ReportCertificate } from "@/lib/report";
import { BreakText } from "@/components/detail/break-text";
import { CopyButton } from "@/components/detail/copy-button";
import { certificateFields, certificateText } from "./certificate-fields";

export function CertificateFieldList({
  certificate,
  now,
  warnDays,
  publicHalves = [],
}: {
  certificate: ReportCertificate;
  now: string;
  warnDays: number;
  /** The report's `inputs.publicHalves`: a key read as one is shown as a public half. */
  publicHalves?: readonly string[];
}) {
  const fields = certificateFields(certificate, now, warnDays, publicHalves);
  return (
    <div className="bg-raised/60 border-line @container rounded-md border">
      <div className="border-line flex items-center justify-between gap-2 border-b py-1 pr-1 pl-3">
        <span className="text-muted text-xs">Decoded</span>
        <CopyButton
          text={certificateText(certificate, now, warnDays, publicHalves)}
          label="certificate fields as text"
        />
      </div>
      <dl className="grid grid-cols-1 gap-x-4 px-3 py-2 text-xs @lg:grid-cols-[11rem_minmax(0,1fr)] @lg:gap-y-1">
        {fields.map((field, position) => (
          <div key={field.label} className="contents">
            <dt className={`text-muted leading-5 ${position > 0 ? "@max-lg:mt-1.5" : ""}`}>{field.label}</dt>
            <dd className={`min-w-0 leading-5 ${field.mono ? "font-mono" : ""}`}>
              {field.lines.map((line, index) => (
                <span key={index} className="block wrap-anywhere">
                  <BreakText text={line} />
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
