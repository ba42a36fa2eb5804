/**
 * The inventory as a table, for widths that fit six columns: path, subject, issuer, role, expiry,
 * key. Path, subject and expiry headers sort; a row click (or its path button) selects the
 * certificate and expands its decoded fields below it.
 */
import type { ReportCertificate } from "@/lib/report";
import { commonName } from "@/lib/format/common-name";
import { testIds } from "@/components/test-ids";
import { CertificateFieldList } from "./certificate-field-list";
import { GroupHeading } from "./group-heading";
import { groupSegments } from "./inventory-groups";
import { ExpiryCell } from "./expiry-cell";
import type { InventoryRowsProps } from "./inventory-rows";
import { PathCell } from "./path-cell";
import { ROW_CLASS } from "./row-class";
import type { CertificateSortKey } from "./sort-certificates";
import { InputText } from "@/components/shared/input-text";

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className = "",
}: Pick<InventoryRowsProps, "sort" | "onSort"> & {
  label: string;
  sortKey: CertificateSortKey;
  className?: string;
}) {
  const active = sort.key === sortKey;
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={`px-2 py-1.5 font-medium ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={`hover:text-fg -mx-1 inline-flex items-center gap-1 rounded px-1 ${active ? "text-fg" : ""}`}
      >
        {label}
        <svg
          viewBox="0 0 10 10"
          aria-hidden="true"
          className={`size-2.5 ${active ? "" : "opacity-30"}`}
          fill="currentColor"
        >
          {active && sort.direction === "descending" ? <path d="M1 3h8L5 8Z" /> : <path d="M1 7h8L5 2Z" />}
        </svg>
      </button>
    </th>
  );
}

/** One certificate's row, and below it, when unfolded, its decoded fields. */
function Row({
  certificate,
  ...props
}: Omit<InventoryRowsProps, "certificates"> & { certificate: ReportCertificate }) {
  const { report, expanded, onActivate, onHover, stateOf } = props;
  const open = expanded.has(certificate.id);
  const detailsId = `certificate-fields-${certificate.id}`;
  return (
    <>
      <tr
        onClick={() => onActivate(certificate)}
        onMouseEnter={onHover ? () => onHover({ kind: "certificate", id: certificate.id }) : undefined}
        onMouseLeave={onHover ? () => onHover(null) : undefined}
        data-state={stateOf(certificate)}
        data-sha256={certificate.sha256}
        data-highlighted={stateOf(certificate) === "plain" ? undefined : "true"}
        className={`border-line cursor-pointer border-b align-top ${ROW_CLASS[stateOf(certificate)]}`}
      >
        <td className="py-1.5 pr-2 pl-3">
          <PathCell certificate={certificate} open={open} controls={detailsId} onHover={onHover} />
        </td>
        <td className="px-2 py-1.5 font-mono text-xs wrap-anywhere">
          <InputText text={commonName(certificate.subject)} />
        </td>
        <td className="text-muted px-2 py-1.5 font-mono text-xs wrap-anywhere">
          <InputText text={commonName(certificate.issuer)} />
        </td>
        <td className="text-muted px-2 py-1.5 font-mono text-xs wrap-anywhere">
          {certificate.role ? <InputText text={certificate.role} /> : "—"}
        </td>
        <td className="px-2 py-1.5 whitespace-nowrap">
          <ExpiryCell certificate={certificate} now={report.now} warnDays={report.warnDays} />
        </td>
        <td className="text-muted px-2 py-1.5 pr-3 text-xs whitespace-nowrap">{certificate.keyAlgorithm}</td>
      </tr>
      {open && (
        <tr id={detailsId} className="border-line border-b">
          <td colSpan={6} className="px-3 pt-1 pb-3">
            <CertificateFieldList
              certificate={certificate}
              now={report.now}
              warnDays={report.warnDays}
              publicHalves={report.inputs.publicHalves}
            />
          </td>
        </tr>
      )}
    </>
  );
}

export function InventoryTable(props: InventoryRowsProps) {
  const { certificates, groupOf } = props;
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      {/* Fixed widths: long subjects and CA names wrap inside their column instead of squeezing the path. */}
      <colgroup>
        <col />
        <col className="w-[18%]" />
        <col className="w-[12%]" />
        <col className="w-[14%]" />
        <col className="w-28" />
        <col className="w-24" />
      </colgroup>
      <thead className="bg-raised/70 text-muted sticky top-0 z-[1] text-xs backdrop-blur">
        <tr className="border-line border-b">
          <SortHeader {...props} label="Path" sortKey="path" className="pl-3" />
          <SortHeader {...props} label="Subject" sortKey="subject" />
          <th scope="col" className="px-2 py-1.5 font-medium">
            Issuer
          </th>
          <th scope="col" className="px-2 py-1.5 font-medium">
            Role
          </th>
          <SortHeader {...props} label="Expires" sortKey="expiry" />
          <th scope="col" className="px-2 py-1.5 pr-3 font-medium">
            Key
          </th>
        </tr>
      </thead>
      {groupSegments(certificates, groupOf).map(({ group, certificates: rows }) => (
        <tbody key={group?.key ?? "node"} data-group={group?.key}>
          {group && (
            <tr
              data-testid={testIds.inventoryGroup}
              data-group={group.key}
              className="border-line bg-raised/60 border-b"
            >
              <th scope="rowgroup" colSpan={6} className="px-3 py-1.5 text-left text-xs font-semibold">
                <GroupHeading group={group} />
              </th>
            </tr>
          )}
          {rows.map((certificate) => (
            <Row key={certificate.id} {...props} certificate={certificate} />
          ))}
        </tbody>
      ))}
    </table>
  );
}
