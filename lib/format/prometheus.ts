/**
 * `--format prometheus`: the audit as node_exporter textfile metrics, for fleets audited nightly.
 *
 * Per certificate and file it was found in, the series of enix's x509-certificate-exporter with its
 * metric names, HELP texts and labels (`x509_cert_not_after`, `x509_cert_not_before`,
 * `x509_cert_expired`, and the relative `x509_cert_expires_in_seconds` and
 * `x509_cert_valid_since_seconds` it has behind an option; `x509_read_errors`), so its dashboards
 * and alerts work unchanged. Relative values and `x509_cert_expired` are taken at the report's
 * judge instant, which a textfile keeps until the next run: alert on `x509_cert_not_after - time()`.
 *
 * Then what no exporter knows: each trust relationship's status as a state set
 * (`k8s_pki_relationship_status{status="error"} == 1` is a broken one), the soonest expiry among
 * the certificates it presents, the findings counted by code and severity — every code and
 * severity the audit can report, 0 where none was found, so a series never appears from nowhere —
 * and when the audit judged. A pure function of the report: the CLI and the explorer's export give
 * the same bytes.
 */
import { ALL_FINDING_CODES, FINDING_CATALOGUE } from "../finding-codes";
import type { RelationshipStatus, Report, ReportCertificate, Severity } from "../report";
import { type MetricFamily, type Sample, expositionText } from "./exposition";
import { presentedCertificates } from "./report-view";
import { x509Labels } from "./x509-labels";

const STATUSES: readonly RelationshipStatus[] = ["ok", "warning", "error", "unknown"];
const SEVERITIES: readonly Severity[] = ["error", "warning", "info"];

/** Unix seconds of an ISO instant, whole as Go's Time.Unix() gives them; NaN when unparseable. */
function unixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/** One certificate where it was found, with the exporter's labels. */
interface CertificateSeries {
  certificate: ReportCertificate;
  labels: Record<string, string>;
}

/**
 * One entry per certificate and file (a certificate in two files is two series, as the exporter
 * sees two files). Two different certificates that would share every label (the same serial and
 * names in one file) get the exporter's `discriminator` label, a prefix of their SHA-256, so no two
 * series collide and the scrape never fails.
 */
function certificateSeries(report: Report): CertificateSeries[] {
  const groups = new Map<string, Map<string, CertificateSeries>>();
  for (const certificate of report.certificates) {
    for (const path of certificate.paths) {
      const labels = x509Labels(certificate, path);
      const key = JSON.stringify(Object.entries(labels).sort());
      const group = groups.get(key) ?? new Map<string, CertificateSeries>();
      if (!group.has(certificate.id)) group.set(certificate.id, { certificate, labels });
      groups.set(key, group);
    }
  }
  const series: CertificateSeries[] = [];
  for (const group of groups.values()) {
    for (const entry of group.values()) {
      if (group.size > 1) entry.labels.discriminator = entry.certificate.sha256.slice(0, 8);
      series.push(entry);
    }
  }
  return series;
}

function x509Families(report: Report): MetricFamily[] {
  const now = Date.parse(report.now);
  const all = certificateSeries(report).filter(
    ({ certificate }) => !Number.isNaN(Date.parse(certificate.notAfter) + Date.parse(certificate.notBefore)),
  );
  const family = (name: string, help: string, value: (certificate: ReportCertificate) => number) => ({
    name,
    help,
    type: "gauge" as const,
    samples: all.map(({ certificate, labels }) => ({ labels, value: value(certificate) })),
  });
  return [
    family("x509_cert_not_after", "Indicates the certificate's not after timestamp", (c) =>
      unixSeconds(c.notAfter),
    ),
    family("x509_cert_not_before", "Indicates the certificate's not before timestamp", (c) =>
      unixSeconds(c.notBefore),
    ),
    family("x509_cert_expired", "Indicates if the certificate is expired", (c) =>
      now > Date.parse(c.notAfter) ? 1 : 0,
    ),
    family(
      "x509_cert_expires_in_seconds",
      "Indicates the remaining time before the certificate's not after timestamp",
      (c) => (Date.parse(c.notAfter) - now) / 1000,
    ),
    family(
      "x509_cert_valid_since_seconds",
      "Indicates the elapsed time since the certificate's not before timestamp",
      (c) => (now - Date.parse(c.notBefore)) / 1000,
    ),
    {
      name: "x509_read_errors",
      help: "Indicates the number of read failure(s)",
      type: "gauge",
      samples: [{ labels: {}, value: unreadFiles(report) }],
    },
  ];
}

/** Files that hold or should hold PKI material and could not be read: the exporter's read errors. */
function unreadFiles(report: Report): number {
  const files = new Set<string>();
  for (const finding of report.findings) {
    const unread =
      finding.code === "PARSE_ERROR" || (finding.code === "INPUT_SKIPPED" && finding.severity !== "info");
    if (unread) for (const file of finding.files) files.add(file.split("#", 1)[0] ?? file);
  }
  return files.size;
}

function relationshipFamilies(report: Report): MetricFamily[] {
  const status: Sample[] = [];
  const expiry: Sample[] = [];
  for (const relationship of report.relationships) {
    const labels = {
      relationship: relationship.id,
      key: relationship.key,
      client: relationship.client,
      server: relationship.server,
    };
    for (const state of STATUSES)
      status.push({ labels: { ...labels, status: state }, value: relationship.status === state ? 1 : 0 });
    const soonest = presentedCertificates(report, relationship)[0];
    const seconds = soonest ? unixSeconds(soonest.notAfter) : Number.NaN;
    if (!Number.isNaN(seconds)) expiry.push({ labels, value: seconds });
  }
  return [
    {
      name: "k8s_pki_relationship_status",
      help: "Status of a trust relationship as k8s-pki audit judged it: 1 for its status (ok, warning, error or unknown), 0 for the others",
      type: "gauge",
      samples: status,
    },
    {
      name: "k8s_pki_relationship_expiry_timestamp_seconds",
      help: "Unix time at which the soonest-expiring certificate a trust relationship presents expires",
      type: "gauge",
      samples: expiry,
    },
  ];
}

function findingFamilies(report: Report): MetricFamily[] {
  const counts = new Map<string, { code: string; severity: Severity; count: number }>();
  const count = (code: string, severity: Severity, add: number) => {
    const key = `${code} ${severity}`;
    const entry = counts.get(key) ?? { code, severity, count: 0 };
    entry.count += add;
    counts.set(key, entry);
  };
  for (const code of ALL_FINDING_CODES)
    for (const severity of FINDING_CATALOGUE[code].severities) count(code, severity, 0);
  for (const finding of report.findings)
    count(finding.code, SEVERITIES.includes(finding.severity) ? finding.severity : "info", 1);
  return [
    {
      name: "k8s_pki_findings",
      help: "Findings of k8s-pki audit by code and severity; 0 for each code and severity it can report and did not",
      type: "gauge",
      samples: [...counts.values()].map(({ code, severity, count: value }) => ({
        labels: { code, severity },
        value,
      })),
    },
    {
      name: "k8s_pki_report_timestamp_seconds",
      help: "Unix time at which k8s-pki audit judged the certificates (its --now)",
      type: "gauge",
      samples: [{ labels: {}, value: unixSeconds(report.now) }],
    },
  ];
}

/** The report as node_exporter textfile metrics (Prometheus text format 0.0.4), sorted, ending in a newline. */
export function formatPrometheus(report: Report): string {
  return expositionText([
    ...x509Families(report),
    ...relationshipFamilies(report),
    ...findingFamilies(report),
  ]);
}
