/**
 * The renewal plan's dating of a certificate whose file was renewed while its process still serves
 * the old one: what counts is the served certificate's expiry, and what is due is the restart, not
 * another renewal (k8s-pki-spec §7.2). A function of the report alone, like the plan.
 */
import { judgeExpiry, type ExpiryState } from "../expiry";
import type { Report, ReportCertificate } from "../report";

/** The served certificate's dates for a certificate on disk its process does not serve yet. */
export interface ServedDating {
  notAfter: string;
  daysLeft: number;
  expiryState: ExpiryState;
  note: string;
}

/**
 * When a relationship's server presents `certificate` on disk but served another certificate, the
 * dates of the served one (the earliest, when several servers do) and why; undefined otherwise.
 */
export function servedDating(report: Report, certificate: ReportCertificate): ServedDating | undefined {
  const differing = report.relationships.flatMap((relationship) =>
    relationship.serverEnd.presents?.certificateId === certificate.id &&
    relationship.served?.sameAsDisk === false &&
    relationship.served.leaf
      ? [{ component: relationship.server, served: relationship.served, leaf: relationship.served.leaf }]
      : [],
  );
  const [first] = differing.sort((a, b) => Date.parse(a.leaf.notAfter) - Date.parse(b.leaf.notAfter));
  if (!first) return undefined;
  const judged = judgeExpiry(first.leaf, new Date(report.now), report);
  return {
    notAfter: first.leaf.notAfter,
    daysLeft: judged.daysLeft,
    expiryState: judged.state,
    note: `${first.component} still serves the certificate it loaded before the file was renewed (${first.served.address}, ${first.served.source}), valid until ${first.leaf.notAfter.slice(0, 10)}: that is the date that counts until it restarts, and the restart is what is due.`,
  };
}
