/**
 * The API objects other than Secrets a certificate was read from, for the report
 * (`ReportCertificate.objects`): read from each source's object reference, never from its locator.
 */
import type { CertificateRecord } from "../inventory";
import type { ReportObjectRef } from "../report";

const WEBHOOK_FIELD = /^webhooks\/(.+)\/clientConfig\/caBundle$/;

/** Each object and field the certificate was found under, once, in input order; empty for none. */
export function certificateObjects(cert: CertificateRecord): ReportObjectRef[] {
  const refs: ReportObjectRef[] = [];
  const seen = new Set<string>();
  for (const { object } of cert.sources) {
    if (!object || object.kind === "Secret") continue;
    const webhook = WEBHOOK_FIELD.exec(object.key)?.[1];
    const field = object.kind === "CertificateSigningRequest" ? "status.certificate" : "caBundle";
    const key = JSON.stringify([object.kind, object.name, webhook ?? null, field]);
    if (seen.has(key)) continue;
    seen.add(key);
    refs.push({ kind: object.kind, name: object.name, ...(webhook !== undefined ? { webhook } : {}), field });
  }
  return refs;
}

/**
 * The role of a certificate no component presents, from the object it was issued through: a
 * client certificate a CertificateSigningRequest issued is a user's or a tool's (`user-client`).
 */
export function objectRole(cert: CertificateRecord): string | undefined {
  const issued = cert.sources.some((s) => s.object?.kind === "CertificateSigningRequest");
  return issued && !cert.isCA && cert.eku.includes("clientAuth") ? "user-client" : undefined;
}
