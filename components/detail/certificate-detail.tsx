/**
 * A certificate explained: the findings that name it first, with their fixes, then its decoded
 * fields (the inventory's expanded view), where it is used and who issued it.
 */
import type { ReportCertificate } from "@/lib/report";
import { commonName } from "@/lib/format/common-name";
import { CertificateFieldList } from "@/components/inventory/certificate-field-list";
import { Validity } from "./credential-fields";
import { DetailSection } from "./detail-section";
import { CertificateLink, ComponentLink, RelationshipLink, type LinkProps } from "./detail-links";
import { anchorForCertificate, usedByLinks } from "./report-links";
import { Verdict } from "./verdict";
import { certificateFindings } from "./verdict-findings";
import { InputText } from "@/components/shared/input-text";

export function CertificateDetail({ certificate, ...links }: LinkProps & { certificate: ReportCertificate }) {
  const { report, onSelect } = links;
  const used = usedByLinks(report, certificate);
  const findings = certificateFindings(report, certificate.id);
  const issuer =
    certificate.issuerId && certificate.issuerId !== certificate.id
      ? report.certificates.find((candidate) => candidate.id === certificate.issuerId)
      : undefined;
  const anchor = anchorForCertificate(report, certificate.id);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="font-mono text-base font-semibold wrap-anywhere">
          <InputText text={commonName(certificate.subject)} />
        </h2>
        <p className="text-muted text-xs">
          {certificate.isCA ? "CA certificate" : "Certificate"}
          {certificate.role && (
            <>
              {" · role "}
              <span className="font-mono">
                <InputText text={certificate.role} />
              </span>
            </>
          )}
        </p>
        <Validity certificate={certificate} report={report} />
        {anchor && (
          <button
            type="button"
            onClick={() => onSelect({ kind: "anchor", id: anchor.id })}
            className="text-accent self-start text-xs hover:underline"
          >
            Trust anchor: <InputText text={anchor.name} /> →
          </button>
        )}
      </header>
      <Verdict findings={findings} />
      <CertificateFieldList
        certificate={certificate}
        now={report.now}
        warnDays={report.warnDays}
        publicHalves={report.inputs.publicHalves}
      />
      <DetailSection title="Used by" count={used.length}>
        {used.length === 0 ? (
          <p className="text-muted text-sm">Not used by any modelled relationship.</p>
        ) : (
          <ul className="-mx-2 flex flex-col">
            {used.map((link) => (
              <li
                key={
                  link.kind === "relationship"
                    ? `r:${link.relationship.key}`
                    : link.kind === "component"
                      ? `c:${link.component.id}`
                      : `t:${link.text}`
                }
              >
                {link.kind === "relationship" ? (
                  <RelationshipLink {...links} relationship={link.relationship} />
                ) : link.kind === "component" ? (
                  <ComponentLink {...links} componentId={link.component.id} />
                ) : (
                  <span className="block px-2 py-1.5 font-mono text-xs">
                    <InputText text={link.text} dir="ltr" />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      {issuer && (
        <DetailSection title="Issued by">
          <div className="-mx-2">
            <CertificateLink {...links} certificate={issuer} />
          </div>
        </DetailSection>
      )}
    </div>
  );
}
