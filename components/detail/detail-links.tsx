/**
 * Buttons that move the selection to a related relationship, component, certificate or finding.
 * They look like quiet list rows, carry the target's status where it has one, and preview the
 * target on hover/focus.
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { commonName } from "@/lib/format/common-name";
import { componentName, displayPath } from "@/lib/format/report-view";
import type { Finding, ReportCertificate, ReportRelationship } from "@/lib/report";
import { expiryStatus } from "@/components/inventory/expiry-status";
import { hoverProps } from "./hover-props";
import { ShowMoreList } from "./show-more-list";
import { relationshipTitle } from "./report-links";
import { StatusIcon } from "./status-icon";
import { TONE_TEXT } from "./status-badge";
import { InputText } from "@/components/shared/input-text";

export type LinkProps = Pick<ExplorerViewProps, "report" | "onSelect" | "onHover">;

const ROW =
  "hover:bg-raised flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors";

/** A relationship as a row: status icon and word, id, and "client → server". */
export function RelationshipLink({
  report,
  onSelect,
  onHover,
  relationship,
}: LinkProps & { relationship: ReportRelationship }) {
  const selection = { kind: "relationship", key: relationship.key } as const;
  return (
    <button
      type="button"
      className={ROW}
      onClick={() => onSelect(selection)}
      {...hoverProps(onHover, selection)}
    >
      <span
        className={`inline-flex w-17 shrink-0 items-center gap-1 text-xs ${TONE_TEXT[relationship.status]}`}
      >
        <StatusIcon tone={relationship.status} />
        {relationship.status}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-mono text-xs">
          <InputText text={relationship.key} dir="ltr" />
        </span>
        <span className="text-muted block truncate text-xs">
          <InputText text={relationshipTitle(report, relationship)} dir="ltr" />
        </span>
      </span>
    </button>
  );
}

/** A list of relationship rows (the first few, then "Show N more"), or a muted line when there are none. */
export function RelationshipLinks({
  relationships,
  empty,
  ...props
}: LinkProps & { relationships: ReportRelationship[]; empty: string }) {
  if (relationships.length === 0) return <p className="text-muted text-sm">{empty}</p>;
  return (
    <ShowMoreList
      items={relationships}
      keyOf={(relationship) => relationship.key}
      render={(relationship) => <RelationshipLink {...props} relationship={relationship} />}
      noun="relationship"
    />
  );
}

/** A list of certificate rows, the first few, then "Show N more". */
export function CertificateLinks({
  certificates,
  ...props
}: LinkProps & { certificates: readonly ReportCertificate[] }) {
  return (
    <ShowMoreList
      items={certificates}
      keyOf={(certificate) => certificate.id}
      render={(certificate) => <CertificateLink {...props} certificate={certificate} />}
      noun="certificate"
    />
  );
}

/** A certificate as a row: CN, its file, and its expiry coloured by the report's thresholds. */
export function CertificateLink({
  report,
  onSelect,
  onHover,
  certificate,
}: LinkProps & { certificate: ReportCertificate }) {
  const selection = { kind: "certificate", id: certificate.id } as const;
  const expiry = expiryStatus(certificate, report.now, report.warnDays);
  return (
    <button
      type="button"
      className={ROW}
      onClick={() => onSelect(selection)}
      {...hoverProps(onHover, selection)}
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-mono text-xs">
          <InputText text={commonName(certificate.subject)} />
        </span>
        <span className="text-muted block truncate font-mono text-xs">
          <InputText text={displayPath(certificate)} dir="ltr" />
        </span>
      </span>
      <span
        className={`inline-flex shrink-0 items-center gap-1 text-xs ${expiry.tone === "normal" ? "text-muted" : TONE_TEXT[expiry.tone]}`}
      >
        {expiry.tone !== "normal" && <StatusIcon tone={expiry.tone} />}
        {expiry.phrase}
      </span>
    </button>
  );
}

/** A component as a row: its display name and kind. */
export function ComponentLink({
  report,
  onSelect,
  onHover,
  componentId,
}: LinkProps & { componentId: string }) {
  const selection = { kind: "component", id: componentId } as const;
  return (
    <button
      type="button"
      className={ROW}
      onClick={() => onSelect(selection)}
      {...hoverProps(onHover, selection)}
    >
      <span className="min-w-0 flex-1 truncate">
        <InputText text={componentName(report, componentId)} />
      </span>
      <span className="text-muted font-mono text-xs">
        <InputText text={componentId} dir="ltr" />
      </span>
    </button>
  );
}

/** A finding as a row: severity icon and word, code, title. */
export function FindingLink({
  onSelect,
  onHover,
  finding,
  index,
}: LinkProps & { finding: Finding; index: number }) {
  const selection = { kind: "finding", index } as const;
  const tone = finding.severity === "info" ? "info" : finding.severity;
  return (
    <button
      type="button"
      className={ROW}
      onClick={() => onSelect(selection)}
      {...hoverProps(onHover, selection)}
    >
      <span className={`inline-flex w-17 shrink-0 items-center gap-1 text-xs ${TONE_TEXT[tone]}`}>
        <StatusIcon tone={tone} />
        {finding.severity}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-mono text-xs">{finding.code}</span>
        <span className="text-muted block truncate text-xs">
          <InputText text={finding.title} dir="ltr" />
        </span>
      </span>
    </button>
  );
}
