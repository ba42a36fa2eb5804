/**
 * A finding in full — severity, code, title, detail, files, fix — with the relationships and
 * certificates it bears on, one click away.
 */
import type { Finding } from "@/lib/report";
import { DetailSection } from "./detail-section";
import { CertificateLinks, RelationshipLinks, type LinkProps } from "./detail-links";
import { FindingCard } from "./finding-card";
import { findingRelationships } from "./report-links";
import { RotationPlanButton, rotationRootOf } from "@/components/rotation/rotation-plan-detail";

/** Findings whose fix is a CA rotation, or part of one. */
const ROTATION_CODES = new Set<string>([
  "CA_EXPIRES_SOON",
  "CA_ROTATION_IN_PROGRESS",
  "CA_ROTATION_OUT_OF_ORDER",
  "CA_ROTATION_SIGNER_AHEAD",
]);

export function FindingDetail({ finding, index, ...links }: LinkProps & { finding: Finding; index: number }) {
  const { report } = links;
  const relationships = findingRelationships(report, index);
  const root = ROTATION_CODES.has(finding.code)
    ? rotationRootOf(report, finding.certificateIds ?? [])
    : undefined;
  const certificates = (finding.certificateIds ?? []).flatMap((id) => {
    const certificate = report.certificates.find((candidate) => candidate.id === id);
    return certificate ? [certificate] : [];
  });
  return (
    <div className="flex flex-col gap-5">
      <FindingCard finding={finding} headingLevel={2} />
      {root && (
        <RotationPlanButton
          root={root}
          onSelect={links.onSelect}
          label={
            finding.code === "CA_EXPIRES_SOON" ? "Plan the rotation of this CA" : "Open the rotation plan"
          }
        />
      )}
      <DetailSection title="Relationships" count={relationships.length}>
        <RelationshipLinks
          {...links}
          relationships={relationships}
          empty="Bears on no single relationship."
        />
      </DetailSection>
      {certificates.length > 0 && (
        <DetailSection title="Certificates" count={certificates.length}>
          <CertificateLinks {...links} certificates={certificates} />
        </DetailSection>
      )}
    </div>
  );
}
