/**
 * What one end of a relationship presents, field by field: the file it came from, the certificate's
 * subject, issuer and validity, and its private key — described, never shown.
 */
import type { CredentialRef, Report, ReportCertificate } from "@/lib/report";
import { commonName } from "@/lib/format/common-name";
import { expiryStatus, formatDate } from "@/components/inventory/expiry-status";
import { Absent, Field, FieldList } from "./detail-section";
import { describeKey } from "./describe-key";
import { type LinkProps } from "./detail-links";
import { hoverProps } from "./hover-props";
import { TONE_TEXT } from "./status-badge";
import { StatusIcon } from "./status-icon";
import { BreakText } from "./break-text";
import { InputText } from "@/components/shared/input-text";

const CREDENTIAL_WORDS: Record<CredentialRef["kind"], string> = {
  certificate: "certificate",
  token: "bearer token",
  exec: "token from an exec plugin",
  "auth-provider": "token from an auth provider",
  "service-account-token": "service-account token",
  "key-pair": "key pair",
};

/** The fields of `credential`; certificates resolve to their subject, issuer, validity and key. */
export function CredentialFields({ credential, ...links }: LinkProps & { credential: CredentialRef }) {
  const { report, onSelect, onHover } = links;
  const certificate = credential.certificateId
    ? report.certificates.find((candidate) => candidate.id === credential.certificateId)
    : undefined;
  const key = describeKey(credential);
  return (
    <FieldList>
      <Field label="File">
        <span className="font-mono text-xs wrap-anywhere">
          <BreakText text={credential.source} />
        </span>
      </Field>
      {credential.kind !== "certificate" && (
        <Field label="Credential">
          <span>{CREDENTIAL_WORDS[credential.kind]}</span>
        </Field>
      )}
      {certificate ? (
        <>
          <Field label="Subject">
            <button
              type="button"
              onClick={() => onSelect({ kind: "certificate", id: certificate.id })}
              {...hoverProps(onHover, { kind: "certificate", id: certificate.id })}
              className="text-accent text-left font-mono text-xs wrap-anywhere hover:underline"
              title="Show this certificate"
            >
              <InputText text={certificate.subject} />
            </button>
          </Field>
          <Field label="Issuer">
            <span className="font-mono text-xs wrap-anywhere">
              {certificate.selfSigned ? (
                <>
                  <InputText text={commonName(certificate.issuer)} /> (self-signed)
                </>
              ) : (
                <InputText text={certificate.issuer} />
              )}
            </span>
          </Field>
          <Field label="Validity">
            <Validity certificate={certificate} report={report} />
          </Field>
        </>
      ) : (
        credential.kind === "certificate" && (
          <Field label="Certificate">
            <Absent>not in the input</Absent>
          </Field>
        )
      )}
      {(credential.kind === "certificate" || credential.keySource) && (
        <Field label="Key">
          <span
            className={`inline-flex items-start gap-1 text-xs ${key.tone === "unknown" ? "text-muted" : TONE_TEXT[key.tone]}`}
          >
            <StatusIcon tone={key.tone} className="mt-px size-3.5" />
            <span>{key.text}</span>
          </span>
          {key.source && key.source !== credential.source && (
            <span className="text-muted block font-mono text-xs wrap-anywhere">
              <BreakText text={key.source} />
            </span>
          )}
        </Field>
      )}
    </FieldList>
  );
}

/** "2026-01-01 → 2027-01-01" and the relative phrase, coloured (and iconed) when it is a problem. */
export function Validity({
  certificate,
  report,
}: {
  certificate: Pick<ReportCertificate, "notBefore" | "notAfter" | "daysLeft">;
  /** The judge date and the warning window the expiry is told against. */
  report: Pick<Report, "now" | "warnDays">;
}) {
  const { notBefore, notAfter } = certificate;
  const expiry = expiryStatus(certificate, report.now, report.warnDays);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span className="font-mono text-xs tabular-nums">
        {formatDate(notBefore)} → {formatDate(notAfter)}
      </span>
      <span
        className={`inline-flex items-center gap-1 text-xs ${expiry.tone === "normal" ? "text-muted" : TONE_TEXT[expiry.tone]}`}
      >
        {expiry.tone !== "normal" && <StatusIcon tone={expiry.tone} />}
        {expiry.phrase}
      </span>
    </span>
  );
}
