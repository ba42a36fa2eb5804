/**
 * The inventory's filter box. Every word typed must appear somewhere in the certificate's paths,
 * subject, issuer, SANs or role (case-insensitive), so "etcd server" narrows to etcd's serving
 * certificate and "10.96.0.1" finds the one whose SANs carry the service IP.
 */
import type { ReportCertificate } from "@/lib/report";

/** Each certificate's searchable text, kept per certificate: a filter runs on every keystroke. */
const haystacks = new WeakMap<ReportCertificate, string>();

function haystack(certificate: ReportCertificate): string {
  let text = haystacks.get(certificate);
  if (text === undefined) {
    text = searchText(certificate);
    haystacks.set(certificate, text);
  }
  return text;
}

function searchText(certificate: ReportCertificate): string {
  return [
    ...certificate.paths,
    certificate.subject,
    certificate.issuer,
    ...certificate.sans,
    certificate.role ?? "",
  ]
    .join("\n")
    .toLowerCase();
}

/** The words of a filter query; an empty or blank query has none and matches everything. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The certificates matching every term of `query`, in their given order. */
export function filterCertificates(
  certificates: readonly ReportCertificate[],
  query: string,
): ReportCertificate[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [...certificates];
  return certificates.filter((certificate) => {
    const text = haystack(certificate);
    return terms.every((term) => text.includes(term));
  });
}
