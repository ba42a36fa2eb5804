/**
 * Whether an inventory row is lit by the current selection or hover: the certificate itself is in
 * the highlight, or one of its files is (a finding's file, a relationship's credential).
 */
import type { Highlight } from "../explorer/selection";
import type { ReportCertificate } from "@/lib/report";

export type RowState = "selected" | "highlighted" | "plain";

/** The state of `certificate`'s row given the selected certificate id and the highlight. */
export function rowState(
  certificate: Pick<ReportCertificate, "id" | "paths">,
  selectedId: string | undefined,
  highlight: Pick<Highlight, "certificates" | "files">,
): RowState {
  if (certificate.id === selectedId) return "selected";
  if (highlight.certificates.has(certificate.id)) return "highlighted";
  if (certificate.paths.some((path) => highlight.files.has(path))) return "highlighted";
  return "plain";
}
