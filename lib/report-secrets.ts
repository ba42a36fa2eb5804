/**
 * The Secrets a certificate was found in, for the report (`ReportCertificate.secrets`): read from
 * each source's object reference, never from its locator text.
 */
import type { CertificateRecord } from "./inventory";
import type { ReportSecretRef } from "./report";

/** Each Secret and key the certificate was found under, once, in input order; empty for none. */
export function certificateSecrets(cert: CertificateRecord): ReportSecretRef[] {
  const refs: ReportSecretRef[] = [];
  const seen = new Set<string>();
  for (const { object } of cert.sources) {
    if (object?.kind !== "Secret") continue;
    const key = JSON.stringify([object.namespace ?? null, object.name, object.key]);
    if (seen.has(key)) continue;
    seen.add(key);
    refs.push({
      ...(object.namespace !== undefined ? { namespace: object.namespace } : {}),
      name: object.name,
      key: object.key,
      ...(object.type !== undefined ? { type: object.type } : {}),
      ...(object.managedBy !== undefined ? { managedBy: object.managedBy } : {}),
    });
  }
  return refs;
}
