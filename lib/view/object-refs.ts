/**
 * How the views name a certificate read only from API objects other than Secrets — a webhook's
 * `caBundle`, an APIService's, a CSR's issued certificate: after the object
 * (`ValidatingWebhookConfiguration/audit-guard webhook audit.example.com · caBundle`) instead of the
 * dump's file name. Read from the report's `objects` field, never from a path's locator.
 */
import type { ReportCertificate, ReportObjectRef } from "../report";

/** The object a certificate is known by, when every place it was found is an API object. */
export function homeObject(
  certificate: Pick<ReportCertificate, "paths" | "secrets" | "objects">,
): ReportObjectRef | undefined {
  const objects = certificate.objects ?? [];
  if (objects.length === 0) return undefined;
  if (objects.length + (certificate.secrets?.length ?? 0) < certificate.paths.length) return undefined;
  return objects[0];
}

/** `APIService/v1beta1.metrics.k8s.io · caBundle`. */
export function objectRowName(ref: ReportObjectRef): string {
  const webhook = ref.webhook !== undefined ? ` webhook ${ref.webhook}` : "";
  return `${ref.kind}/${ref.name}${webhook} · ${ref.field}`;
}
