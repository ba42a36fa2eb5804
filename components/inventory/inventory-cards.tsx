/**
 * The inventory as a list of cards, for phone widths: subject and expiry on top, the path, then
 * issuer, role and key; a tap selects the certificate and unfolds its decoded fields.
 */
import { Fragment } from "react";
import type { ReportCertificate } from "@/lib/report";
import { commonName } from "@/lib/format/common-name";
import { testIds } from "@/components/test-ids";
import { CertificateFieldList } from "./certificate-field-list";
import { GroupHeading } from "./group-heading";
import { headingBefore } from "./inventory-groups";
import { ExpiryCell } from "./expiry-cell";
import type { InventoryRowsProps } from "./inventory-rows";
import { rowPaths } from "./path-list";
import { ROW_CLASS } from "./row-class";
import { BreakText } from "@/components/detail/break-text";
import { InputText } from "@/components/shared/input-text";

function Card({
  certificate,
  ...props
}: Omit<InventoryRowsProps, "certificates"> & { certificate: ReportCertificate }) {
  const { report, expanded, onActivate, onHover, stateOf } = props;
  const open = expanded.has(certificate.id);
  const [first, ...rest] = rowPaths(certificate);
  const detailsId = `certificate-card-fields-${certificate.id}`;
  const hover = onHover ? () => onHover({ kind: "certificate", id: certificate.id }) : undefined;
  const leave = onHover ? () => onHover(null) : undefined;
  return (
    <li
      data-state={stateOf(certificate)}
      data-sha256={certificate.sha256}
      data-highlighted={stateOf(certificate) === "plain" ? undefined : "true"}
      className={`border-line border-b ${ROW_CLASS[stateOf(certificate)]}`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        onClick={() => onActivate(certificate)}
        onMouseEnter={hover}
        onMouseLeave={leave}
        onFocus={hover}
        onBlur={leave}
        className="flex w-full flex-col gap-1 px-3 py-2.5 text-left"
      >
        <span className="flex w-full items-start justify-between gap-3">
          <span className="min-w-0 font-mono text-sm font-medium wrap-anywhere">
            <InputText text={commonName(certificate.subject)} />
          </span>
          <span className="shrink-0 text-right">
            <ExpiryCell certificate={certificate} now={report.now} warnDays={report.warnDays} />
          </span>
        </span>
        <span className="text-muted font-mono text-xs wrap-anywhere">
          <BreakText text={first ?? certificate.id} />
          {rest.length > 0 && <span className="bg-raised ml-1 rounded px-1">+{rest.length}</span>}
        </span>
        <span className="text-muted flex flex-wrap gap-x-3 text-xs">
          <span>
            issuer{" "}
            <span className="font-mono">
              <InputText text={commonName(certificate.issuer)} />
            </span>
          </span>
          {certificate.role && (
            <span className="font-mono">
              <InputText text={certificate.role} />
            </span>
          )}
          <span>{certificate.keyAlgorithm}</span>
        </span>
      </button>
      {open && (
        <div id={detailsId} className="px-3 pb-3">
          <CertificateFieldList
            certificate={certificate}
            now={report.now}
            warnDays={report.warnDays}
            publicHalves={report.inputs.publicHalves}
          />
        </div>
      )}
    </li>
  );
}

export function InventoryCards({ certificates, ...props }: InventoryRowsProps) {
  return (
    <ul className="flex flex-col">
      {certificates.map((certificate, index) => {
        const heading = headingBefore(certificates, index, props.groupOf);
        return (
          <Fragment key={certificate.id}>
            {heading && (
              <li
                data-testid={testIds.inventoryGroup}
                data-group={heading.key}
                className="border-line bg-raised/60 border-b px-3 py-1.5 text-xs font-semibold"
              >
                <GroupHeading group={heading} />
              </li>
            )}
            <Card {...props} certificate={certificate} />
          </Fragment>
        );
      })}
    </ul>
  );
}
