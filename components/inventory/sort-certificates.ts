/**
 * Orderings of the certificate inventory. Expiry first by default, because "what breaks next" is
 * the question the inventory answers; ties fall back to the path so the order never jumps between
 * renders of the same report.
 */
import type { ReportCertificate } from "@/lib/report";
import { commonName } from "@/lib/format/common-name";
import { displayPath } from "@/lib/format/report-view";

export type CertificateSortKey = "expiry" | "path" | "subject";
export type SortDirection = "ascending" | "descending";

export interface CertificateSort {
  key: CertificateSortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: CertificateSort = { key: "expiry", direction: "ascending" };

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** What a certificate is compared by, worked out once per certificate rather than per comparison. */
interface Keyed {
  certificate: ReportCertificate;
  expiry: number;
  path: string;
  subject: string;
}

function compareBy(key: CertificateSortKey, a: Keyed, b: Keyed): number {
  switch (key) {
    case "expiry": {
      const delta = a.expiry - b.expiry;
      return Number.isNaN(delta) ? 0 : delta;
    }
    case "path":
      return collator.compare(a.path, b.path);
    case "subject":
      return collator.compare(a.subject, b.subject);
  }
}

/** A sorted copy of `certificates`; the tie-break (path, then id) is ascending in both directions. */
export function sortCertificates(
  certificates: readonly ReportCertificate[],
  sort: CertificateSort = DEFAULT_SORT,
): ReportCertificate[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const keyed = certificates.map((certificate): Keyed => ({
    certificate,
    expiry: Date.parse(certificate.notAfter),
    path: displayPath(certificate),
    subject: sort.key === "subject" ? commonName(certificate.subject) : "",
  }));
  return keyed
    .sort(
      (a, b) =>
        sign * compareBy(sort.key, a, b) ||
        collator.compare(a.path, b.path) ||
        collator.compare(a.certificate.id, b.certificate.id),
    )
    .map((entry) => entry.certificate);
}

/** The sort after a click on `key`'s header: the same key flips direction, a new key starts ascending. */
export function nextSort(current: CertificateSort, key: CertificateSortKey): CertificateSort {
  if (current.key !== key) return { key, direction: "ascending" };
  return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
}
