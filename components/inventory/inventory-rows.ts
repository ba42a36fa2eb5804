/**
 * What the table and the card list both need to draw the inventory's rows, so the two layouts stay
 * interchangeable.
 */
import type { ExplorerViewProps } from "../explorer/selection";
import type { Report, ReportCertificate } from "@/lib/report";
import type { InventoryGroup } from "./inventory-groups";
import type { RowState } from "./row-state";
import type { CertificateSort, CertificateSortKey } from "./sort-certificates";

export interface InventoryRowsProps {
  report: Report;
  /** Filtered and sorted. */
  certificates: ReportCertificate[];
  expanded: ReadonlySet<string>;
  sort: CertificateSort;
  onSort: (key: CertificateSortKey) => void;
  /** A click on the row: select it and toggle its fields. */
  onActivate: (certificate: ReportCertificate) => void;
  onHover: ExplorerViewProps["onHover"];
  stateOf: (certificate: ReportCertificate) => RowState;
  /** The namespace group a certificate found only in Secrets is listed under; undefined for a node's. */
  groupOf: (certificate: ReportCertificate) => InventoryGroup | undefined;
}
