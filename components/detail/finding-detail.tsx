/**
 * A finding in full — severity, code, title, detail, files, fix — with the relationships and
 * certificates it bears on, one click away.
 */
import type { Finding } from "@/lib/report";
import { DetailSection } from "./detail-section";
import { CertificateLinks, RelationshipLinks, type LinkProps } from "./detail-links";
import { FindingCard } from "./finding-card";
import { findingRelationships } from "./report-links";

export function FindingDetail({ finding, index, ...links }: LinkProps & { finding: Finding; index: number }) {
  const { report } = links;
  const relationships = findingRelationships(report, index);
  const certificates = (finding.certificateIds ?? []).flatMap((id) => {
    const certificate = report.certificates.find((candidate) => candidate.id === id);
    return certificate ? [certificate] : [];
  });
  return (
    <div className="flex flex-col gap-5">
      <FindingCard finding={finding} headingLevel={2} />
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
