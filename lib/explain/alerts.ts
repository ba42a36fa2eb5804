/**
 * The three certificate alerts of kubernetes-mixin (shipped by kube-prometheus):
 * KubeClientCertificateExpiration reads apiserver_client_certificate_expiration_seconds, the
 * remaining life of client certificates PRESENTED TO kube-apiserver, observed per request;
 * KubeletClientCertificateExpiration and KubeletServerCertificateExpiration read
 * kubelet_certificate_manager_client_ttl_seconds / _server_ttl_seconds, the kubelet certificate
 * manager's own certificates on the node the alert names. Warning below 7 days, critical below 1.
 */
import { expiryPhrase } from "../format/relative-time";
import type { Report, ReportCertificate } from "../report";
import type { ExplainAnswer, ExplainCandidate, RecognisedAlert } from "./answer";
import { type DropIndex, certificateFiles, certificateLabel, commonName } from "./drop-index";
import type { ExplainFacts } from "./parse-facts";

const DAY = 86_400;

/** As explain-text's MAX_CANDIDATES (not imported: explain-text imports this file). */
const MAX_ALERT_CANDIDATES = 50;

/** The mixin's expression for the client-certificate alert (kubernetes-mixin alerts/kube_apiserver.libsonnet). */
export const CLIENT_CERTIFICATE_QUERY =
  'histogram_quantile(0.01, sum by (job, le) (rate(apiserver_client_certificate_expiration_seconds_bucket{job="apiserver"}[5m])))';

/** The alert a text names (its name, or its description), with its window and labels. */
export function readAlert(text: string, facts: ExplainFacts): RecognisedAlert | undefined {
  const client =
    /KubeClientCertificateExpiration|client certificate used to authenticate to kubernetes apiserver is expiring/i.test(
      text,
    );
  const kubeletClient = /KubeletClientCertificateExpiration|Client certificate for Kubelet on node/i.test(
    text,
  );
  const kubeletServer = /KubeletServerCertificateExpiration|Server certificate for Kubelet on node/i.test(
    text,
  );
  const critical = /severity="?critical/i.test(text);
  const days = /in less than (\d{1,4}(?:\.\d{1,3})?) days/.exec(text)?.[1];
  const windowSeconds = days ? Number(days) * DAY : critical ? DAY : 7 * DAY;
  const instance = /\binstance ?= ?"?([^\s",}]{1,256})/.exec(text)?.[1];
  const labels = { ...(facts.node ? { node: facts.node } : {}), ...(instance ? { instance } : {}) };
  if (kubeletClient)
    return {
      name: "KubeletClientCertificateExpiration",
      metric: "kubelet_certificate_manager_client_ttl_seconds",
      windowSeconds,
      ...labels,
    };
  if (kubeletServer)
    return {
      name: "KubeletServerCertificateExpiration",
      metric: "kubelet_certificate_manager_server_ttl_seconds",
      windowSeconds,
      ...labels,
    };
  if (client)
    return {
      name: "KubeClientCertificateExpiration",
      metric: "apiserver_client_certificate_expiration_seconds",
      windowSeconds,
      ...labels,
    };
  return undefined;
}

function secondsLeft(certificate: ReportCertificate, now: Date): number {
  return (Date.parse(certificate.notAfter) - now.getTime()) / 1000;
}

/** Client certificates kube-apiserver is presented: by its relationships, or issued by its client CA. */
function apiserverClientCertificates(index: DropIndex): Map<string, string> {
  const presented = new Map<string, string>();
  const clientCas = new Set<string>();
  const elsewhere = new Set<string>();
  for (const relationship of index.report.relationships)
    for (const end of [relationship.clientEnd, relationship.serverEnd])
      if (end.presents?.certificateId) elsewhere.add(end.presents.certificateId);
  for (const relationship of index.report.relationships) {
    if (relationship.server !== "kube-apiserver") continue;
    const id = relationship.clientEnd.presents?.certificateId;
    if (id) presented.set(id, relationship.clientEnd.component);
    for (const ca of relationship.serverEnd.verifiesWith?.certificateIds ?? []) clientCas.add(ca);
  }
  for (const certificate of index.report.certificates)
    if (
      !certificate.isCA &&
      certificate.issuerId &&
      clientCas.has(certificate.issuerId) &&
      certificate.eku.some((e) => /client/i.test(e)) &&
      !elsewhere.has(certificate.id)
    )
      presented.set(certificate.id, `user ${commonName(certificate.subject) ?? certificate.subject}`);
  return presented;
}

function auditNext(): string[] {
  return [
    `The metric: ${CLIENT_CERTIFICATE_QUERY} — add instance to the "by" to see which apiserver sees it.`,
    'The audit log names each certificate user and its fingerprint: jq -r \'select(.user.extra["authentication.kubernetes.io/credential-id"] // [] | any(startswith("X509SHA256="))) | [.user.username, .user.extra["authentication.kubernetes.io/credential-id"][0], .sourceIPs[0]] | @tsv\' audit.log | sort -u',
    "Paste an X509SHA256=… line into explain to find the certificate in a drop; a user's CN is the audit event's user.username (jq 'select(.user.username == \"<CN>\")').",
  ];
}

/** Answer an alert from the certificates of the drop that fit it. */
export function answerAlert(
  alert: RecognisedAlert,
  facts: ExplainFacts,
  index: DropIndex,
  now: Date,
): ExplainAnswer {
  const report: Report = index.report;
  const candidates: ExplainCandidate[] = [];
  const seen: ReportCertificate[] = [];
  const consider = (certificate: ReportCertificate, who: string) => {
    seen.push(certificate);
    const left = secondsLeft(certificate, now);
    if (left >= alert.windowSeconds) return;
    candidates.push({
      certificateId: certificate.id,
      path: certificateLabel(certificate),
      subject: certificate.subject,
      notAfter: certificate.notAfter,
      why: `${who} presents ${certificateLabel(certificate)} (CN ${commonName(certificate.subject) ?? "none"}), which ${expiryPhrase(now.toISOString(), certificate.notAfter)}`,
      rank: left < 0 ? 0 : 1,
    });
  };
  if (alert.name === "KubeClientCertificateExpiration") {
    for (const [id, who] of apiserverClientCertificates(index)) {
      const certificate = index.byId.get(id);
      if (certificate) consider(certificate, who);
    }
  } else {
    const wanted = alert.name === "KubeletClientCertificateExpiration" ? "kubelet-client" : "kubelet-serving";
    for (const relationship of report.relationships) {
      if (relationship.id !== wanted) continue;
      const kubelet = wanted === "kubelet-client" ? relationship.client : relationship.server;
      if (alert.node && kubelet !== `kubelet:${alert.node}`) continue;
      const end = wanted === "kubelet-client" ? relationship.clientEnd : relationship.serverEnd;
      const certificate = end.presents?.certificateId
        ? index.byId.get(end.presents.certificateId)
        : undefined;
      if (certificate) consider(certificate, kubelet);
    }
  }
  candidates.sort((a, b) => a.rank - b.rank || Date.parse(a.notAfter) - Date.parse(b.notAfter));
  const fitting = candidates.length;
  const omitted =
    candidates.length > MAX_ALERT_CANDIDATES ? { omitted: candidates.length - MAX_ALERT_CANDIDATES } : {};
  candidates.splice(MAX_ALERT_CANDIDATES);
  const days = alert.windowSeconds / DAY;
  const relationships = report.relationships
    .filter((relationship) =>
      candidates.some(
        (c) =>
          relationship.clientEnd.presents?.certificateId === c.certificateId ||
          relationship.serverEnd.presents?.certificateId === c.certificateId,
      ),
    )
    .map((relationship) => relationship.key);
  const files = [
    ...new Set(
      candidates.flatMap((c) => {
        const cert = index.byId.get(c.certificateId);
        return cert ? certificateFiles(cert) : [];
      }),
    ),
  ];
  const base = { patterns: [], alert, facts, certificates: candidates, relationships, files, ...omitted };
  if (candidates[0])
    return {
      ...base,
      verdict: "explained",
      why: `${alert.name} (${alert.metric} below ${days} days): ${candidates[0].why}${fitting > 1 ? `; ${fitting - 1} more fit` : ""}`,
      next: alert.name === "KubeClientCertificateExpiration" ? auditNext().slice(1) : [],
    };
  const kubeletNext =
    seen.length === 0
      ? [
          `The drop holds no kubelet${alert.node ? ` of node ${alert.node}` : ""}: take that node's /var/lib/kubelet/pki and /etc/kubernetes/kubelet.conf.`,
        ]
      : [
          `The drop's kubelet certificate (${seen.map((c) => `${certificateLabel(c)} until ${c.notAfter}`).join(", ")}) is not within ${days} days: the alerting kubelet holds a newer or another one; check its certificate manager's log (certificate_manager.go) for "rotation deadline".`,
        ];
  return {
    ...base,
    verdict: "no-match",
    why:
      alert.name === "KubeClientCertificateExpiration"
        ? `nothing in the drop matches: no client certificate that authenticates to kube-apiserver expires within ${days} days; the one the apiserver sees belongs to a user or a tool outside the drop`
        : `nothing in the drop matches: no ${alert.name === "KubeletClientCertificateExpiration" ? "kubelet client" : "kubelet serving"} certificate${alert.node ? ` of node ${alert.node}` : ""} expires within ${days} days`,
    next: alert.name === "KubeClientCertificateExpiration" ? auditNext() : kubeletNext,
  };
}
