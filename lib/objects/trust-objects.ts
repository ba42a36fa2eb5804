/**
 * API objects that hold trust without holding a key: the `caBundle` with which the apiserver
 * verifies an admission webhook (admissionregistration.k8s.io/v1), an aggregated API's service
 * (apiregistration.k8s.io/v1 APIService) or a CRD's conversion webhook (apiextensions.k8s.io/v1),
 * and cert-manager's Certificate, Issuer and ClusterIssuer (cert-manager.io/v1), which say which
 * Secret holds which service's serving certificate. Read from `kubectl get … -o yaml|json` dumps;
 * the certificates of each `caBundle` are inventory certificates, named here by id.
 */
import type { SourceRef } from "../inventory";

/** The kinds whose `caBundle` the apiserver verifies a service's serving certificate with. */
export type CaBundleKind =
  | "ValidatingWebhookConfiguration"
  | "MutatingWebhookConfiguration"
  | "APIService"
  | "CustomResourceDefinition";

/** A Service reference of a `clientConfig` (or an APIService's `spec.service`). */
export interface ServiceRef {
  namespace: string;
  name: string;
  port?: number;
  path?: string;
}

/**
 * One place the apiserver dials with a `caBundle`: one webhook of a webhook configuration, an
 * APIService, or a CRD's conversion webhook.
 */
export interface CaBundleClient {
  kind: CaBundleKind;
  /** The object's `metadata.name`. */
  object: string;
  /** The webhook's own `name` (webhook configurations only). */
  webhook?: string;
  /** Its index in `webhooks[]`, for a JSON patch of its `caBundle`. */
  webhookIndex?: number;
  /** The file, and `ValidatingWebhookConfiguration/<name>/webhooks/<n>/clientConfig/caBundle`. */
  source: SourceRef;
  /** The certificates the `caBundle` holds, in order; empty when it is absent or unreadable. */
  caBundleIds: string[];
  /** Whether a `caBundle` was written at all (absent: the system trust roots are used). */
  caBundlePresent: boolean;
  service?: ServiceRef;
  /** A webhook called by URL instead of a Service. */
  url?: string;
  /** Webhooks: `Fail` (the v1 default when unset) or `Ignore`. */
  failurePolicy?: "Fail" | "Ignore";
  /** Whether `failurePolicy` was written (false: the v1 default, Fail). */
  failurePolicyWritten?: boolean;
  /** APIService `spec.insecureSkipTLSVerify: true`: the serving certificate is not verified at all. */
  insecureSkipTLSVerify?: boolean;
  /** APIService `spec.group`/`spec.version` (`metrics.k8s.io`, `v1beta1`). */
  apiGroupVersion?: string;
}

/** A cert-manager `status.conditions[]` entry. */
export interface CertManagerCondition {
  type: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** A cert-manager.io/v1 Certificate. */
export interface CertManagerCertificate {
  source: SourceRef;
  namespace?: string;
  name: string;
  secretName?: string;
  commonName?: string;
  dnsNames: string[];
  issuerRef?: { name: string; kind?: string; group?: string };
  duration?: string;
  renewBefore?: string;
  /** `status.notAfter`, `status.renewalTime`, `status.notBefore`: RFC 3339 as written. */
  notAfter?: string;
  notBefore?: string;
  renewalTime?: string;
  conditions: CertManagerCondition[];
}

/** A cert-manager.io/v1 Issuer (namespaced) or ClusterIssuer. */
export interface CertManagerIssuer {
  source: SourceRef;
  kind: "Issuer" | "ClusterIssuer";
  namespace?: string;
  name: string;
  /** `spec.ca.secretName`: the Secret holding the CA that signs. */
  caSecretName?: string;
  selfSigned: boolean;
  /** Other issuer types, by their spec key (`acme`, `vault`, `venafi`). */
  other?: string;
  conditions: CertManagerCondition[];
}

/** Everything of this kind one drop holds. */
export interface TrustObjects {
  caBundleClients: CaBundleClient[];
  certificates: CertManagerCertificate[];
  issuers: CertManagerIssuer[];
}

/** The empty collection. */
export function emptyTrustObjects(): TrustObjects {
  return { caBundleClients: [], certificates: [], issuers: [] };
}

/** `ValidatingWebhookConfiguration/<name> webhook <webhook>`, `APIService/<name>`: how findings and views name one. */
export function caBundleClientName(client: Pick<CaBundleClient, "kind" | "object" | "webhook">): string {
  return client.webhook !== undefined
    ? `${client.kind}/${client.object} webhook ${client.webhook}`
    : `${client.kind}/${client.object}`;
}

/** `<name>.<namespace>.svc`: the name the apiserver verifies a service's serving certificate for. */
export function serviceHost(service: ServiceRef): string {
  return `${service.name}.${service.namespace}.svc`;
}

/** Whether any object was read. */
export function hasTrustObjects(objects: TrustObjects): boolean {
  return objects.caBundleClients.length + objects.certificates.length + objects.issuers.length > 0;
}
