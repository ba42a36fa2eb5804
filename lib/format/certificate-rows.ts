/**
 * The certificate listing of the terminal report, by expiry. Each node's own copy of the same
 * certificate (every kubelet's `kubelet-client-current.pem`, issued by the same CA, expiring the
 * same day in the same state) is one line with the count of nodes, so the list stays as long as the
 * control plane's, not the cluster's.
 */
import { naturalOrder } from "../shared/natural-order";
import { certificateLabel } from "../view/certificate-label";
import type { Report, ReportCertificate } from "../report";
import { nodeContext, nodeShape } from "./node-fold";
import { certificatesByExpiry } from "./report-view";

/** One line of the listing: a certificate, or the same one on several nodes. */
export interface CertificateRow {
  /** The soonest to expire of them (then the first node in natural order). */
  certificate: ReportCertificate;
  /** Every certificate the line stands for; one unless folded. */
  certificates: ReportCertificate[];
  /** Their nodes in natural order; only for a folded line. */
  nodes: string[];
}

/**
 * The report's certificates by expiry, soonest first. Certificates of two or more different nodes
 * with the same file name, subject but for the node, issuer, expiry day and state form one row
 * where the first of them was; any other is a row of its own.
 */
export function certificateRows(report: Report): CertificateRow[] {
  const { nodes, certificateNodes } = nodeContext(report);
  const sorted = certificatesByExpiry(report);
  const groups = new Map<string, Map<string, ReportCertificate>>();
  const keys = sorted.map((certificate) => {
    const node = certificateNodes.get(certificate.id);
    if (node === undefined) return undefined;
    const key = [
      certificateLabel(certificate),
      nodeShape(certificate.subject, nodes),
      certificate.issuer,
      certificate.notAfter.slice(0, 10),
      certificate.expiryState,
      certificate.isCA,
    ].join("\u0001");
    const group = groups.get(key) ?? new Map<string, ReportCertificate>();
    if (group.has(node)) return undefined;
    groups.set(key, group.set(node, certificate));
    return key;
  });
  const rows: CertificateRow[] = [];
  const placed = new Set<string>();
  sorted.forEach((certificate, position) => {
    const key = keys[position];
    const group = key === undefined ? undefined : groups.get(key);
    if (key === undefined || !group || group.size < 2) {
      rows.push({ certificate, certificates: [certificate], nodes: [] });
      return;
    }
    if (placed.has(key)) return;
    placed.add(key);
    const onNodes = [...group.keys()].sort(naturalOrder);
    rows.push({
      certificate,
      certificates: onNodes.flatMap((node) => group.get(node) ?? []),
      nodes: onNodes,
    });
  });
  return rows;
}
