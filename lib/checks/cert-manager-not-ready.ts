// A cert-manager Certificate that is not Ready, or past its `status.renewalTime` while its Secret still holds the certificate that was due: cert-manager has not issued or renewed it, and the Secret's certificate will expire as it is (k8s-pki-spec §5.7 rows 5, 6).
//
// Read from the Certificate's own status (configured): a `Ready` condition whose status is not
// True is a warning quoting its reason and message; a renewal time passed with the Secret's leaf
// still the one `status.notAfter` names is a warning; a Certificate with no status yet is
// information. The fix is cert-manager's: look at its CertificateRequests, then `cmctl renew`.
import type { Finding, Severity } from "../report";
import { sourceName, type CertificateRecord } from "../inventory";
import { formatDate } from "../engine/describe";
import type { CheckContext, Rule } from "../engine/rule";
import type { CertManagerCertificate } from "../objects/trust-objects";

/** The leaf of the Certificate's Secret (`tls.crt`), when the Secret is in the drop. */
function secretLeaf(ctx: CheckContext, certificate: CertManagerCertificate): CertificateRecord | undefined {
  const secret = (ctx.inventory.kubeSecrets ?? []).find(
    (s) => s.namespace === certificate.namespace && s.name === certificate.secretName,
  );
  const id = secret?.entries.find((e) => e.key === "tls.crt")?.certificateIds[0];
  return id === undefined ? undefined : ctx.inventory.certificates.find((cert) => cert.id === id);
}

function fixFor(certificate: CertManagerCertificate): string {
  const ns = certificate.namespace ?? "default";
  return `See why: kubectl describe certificate -n ${ns} ${certificate.name}, and kubectl get certificaterequests,orders -n ${ns} for its requests. Once the issuer${certificate.issuerRef ? ` (${certificate.issuerRef.kind ?? "Issuer"} ${certificate.issuerRef.name})` : ""} can sign, trigger a new issuance: cmctl renew -n ${ns} ${certificate.name}.`;
}

function finding(
  certificate: CertManagerCertificate,
  severity: Severity,
  title: string,
  detail: string,
  leaf: CertificateRecord | undefined,
): Finding {
  const where = sourceName(certificate.source);
  return {
    code: "CERT_MANAGER_NOT_READY",
    severity,
    title,
    detail: `${where}: ${detail}`,
    files: [where],
    ...(leaf ? { certificateIds: [leaf.id] } : {}),
    fix: fixFor(certificate),
    ...(severity !== "info"
      ? {
          evidence: [
            {
              fact: `the status of Certificate ${certificate.namespace ?? ""}/${certificate.name}`,
              source: "configured" as const,
              from: where,
            },
          ],
        }
      : {}),
  };
}

function judge(ctx: CheckContext, certificate: CertManagerCertificate): Finding[] {
  const name = `Certificate ${certificate.namespace ?? ""}/${certificate.name}`;
  const leaf = secretLeaf(ctx, certificate);
  const secret = `Secret ${certificate.namespace ?? ""}/${certificate.secretName ?? "?"}`;
  const ready = certificate.conditions.find((c) => c.type === "Ready");
  if (!ready)
    return [
      finding(
        certificate,
        "info",
        `${name} has no Ready condition yet`,
        `cert-manager has not reported on it: it was never reconciled, or the dump was taken as it was created.`,
        leaf,
      ),
    ];
  if (ready.status !== "True") {
    const why = [ready.reason, ready.message].filter((p) => p).join(": ");
    const since = ready.lastTransitionTime ? ` since ${formatDate(ready.lastTransitionTime)}` : "";
    const holds = leaf
      ? ` ${secret} still holds "${leaf.subject}", valid until ${formatDate(leaf.notAfter)}.`
      : "";
    return [
      finding(
        certificate,
        "warning",
        `${name} is not Ready`,
        `its Ready condition is ${ready.status ?? "unset"}${since}${why ? ` (${why})` : ""}.${holds}`,
        leaf,
      ),
    ];
  }
  const renewal = certificate.renewalTime === undefined ? NaN : Date.parse(certificate.renewalTime);
  const unchanged =
    leaf !== undefined &&
    certificate.notAfter !== undefined &&
    Date.parse(leaf.notAfter) === Date.parse(certificate.notAfter);
  if (!Number.isNaN(renewal) && renewal < ctx.now.getTime() && unchanged && leaf)
    return [
      finding(
        certificate,
        "warning",
        `${name} is past its renewal time`,
        `status.renewalTime ${formatDate(certificate.renewalTime ?? "")} has passed and ${secret} still holds the certificate it was to replace, "${leaf.subject}", valid until ${formatDate(leaf.notAfter)}: cert-manager has not renewed it.`,
        leaf,
      ),
    ];
  return [];
}

export const certManagerNotReady: Rule = {
  codes: ["CERT_MANAGER_NOT_READY"],
  scope: "certificate",
  run: (ctx) => (ctx.inventory.trustObjects?.certificates ?? []).flatMap((c) => judge(ctx, c)),
};
