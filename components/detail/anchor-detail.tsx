/**
 * A trust anchor explained: the CA (or key pair) itself — subject, validity, key, where it was
 * found — and everything it vouches for: the relationships whose verifiers trust it and the
 * certificates it issued.
 */
import type { TrustAnchor } from "@/lib/report";
import { CertificateFieldList } from "@/components/inventory/certificate-field-list";
import { Validity } from "./credential-fields";
import { DetailSection } from "./detail-section";
import { CertificateLinks, RelationshipLinks, type LinkProps } from "./detail-links";
import { anchorReach } from "./report-links";
import { BreakText } from "./break-text";
import { InputText } from "@/components/shared/input-text";
import { RotationPlanButton, rotationRootOf } from "@/components/rotation/rotation-plan-detail";

export function AnchorDetail({ anchor, ...links }: LinkProps & { anchor: TrustAnchor }) {
  const { report } = links;
  const certificate = anchor.certificateId
    ? report.certificates.find((candidate) => candidate.id === anchor.certificateId)
    : undefined;
  const reach = anchorReach(report, anchor);
  const root = anchor.certificateId
    ? rotationRootOf(report, [anchor.certificateId])
    : rotationRootOf(report, []);
  const saRoot = anchor.kind === "key-pair" && anchor.role === "service-account" ? "sa" : undefined;
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">
          <InputText text={anchor.name} />
        </h2>
        <p className="text-muted text-xs">
          {anchor.kind === "ca" ? "Certificate authority" : "Key pair"} · role{" "}
          <span className="font-mono">
            <InputText text={anchor.role} />
          </span>
        </p>
        {certificate && <Validity certificate={certificate} report={report} />}
        {(root ?? saRoot) && (
          <RotationPlanButton
            root={root ?? saRoot ?? ""}
            onSelect={links.onSelect}
            label={saRoot ? "Plan a rotation of this key pair" : "Plan a rotation of this CA"}
          />
        )}
      </header>
      {certificate ? (
        <DetailSection title="Certificate">
          <CertificateFieldList
            certificate={certificate}
            now={report.now}
            warnDays={report.warnDays}
            publicHalves={report.inputs.publicHalves}
          />
        </DetailSection>
      ) : (
        <DetailSection title="Found at" count={anchor.paths.length}>
          <ul className="flex flex-col gap-0.5 font-mono text-xs wrap-anywhere">
            {anchor.paths.map((path) => (
              <li key={path}>
                <BreakText text={path} />
              </li>
            ))}
          </ul>
        </DetailSection>
      )}
      <DetailSection title="Anchors" count={reach.relationships.length}>
        <RelationshipLinks
          {...links}
          relationships={reach.relationships}
          empty="No relationship verifies with it."
        />
      </DetailSection>
      {anchor.kind === "ca" && (
        <DetailSection title="Issued" count={reach.certificates.length}>
          {reach.certificates.length === 0 ? (
            <p className="text-muted text-sm">No certificate in the input was issued by it.</p>
          ) : (
            <CertificateLinks {...links} certificates={reach.certificates} />
          )}
        </DetailSection>
      )}
    </div>
  );
}
