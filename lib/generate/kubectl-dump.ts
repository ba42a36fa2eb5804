/**
 * API objects as `kubectl get … -o yaml|json` prints them: Secrets and CertificateSigningRequests
 * with base64 `data`, wrapped in kubectl's `kind: List` (apiVersion v1, items, metadata with an
 * empty resourceVersion), keys sorted as Go's encoders sort map keys, JSON indented by four spaces,
 * YAML in sigs.k8s.io/yaml's style. For fixtures, tests and benchmarks of the dump reader.
 */
import { encodeBase64 } from "./pem";
import { toYaml } from "./yaml-text";

/** A JSON-like API object. */
export type KubeObject = { [key: string]: unknown };

/** Base64 of a string's UTF-8 bytes, as Secret `data` holds every value. */
export function dataValue(text: string): string {
  return encodeBase64(new TextEncoder().encode(text));
}

/** Every mapping's keys in Go's order (byte order), recursively; arrays keep their order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as KubeObject).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
}

/** `kubectl get` of several objects: a `kind: List`. */
export function kubectlList(items: KubeObject[]): KubeObject {
  return { apiVersion: "v1", items, kind: "List", metadata: { resourceVersion: "" } };
}

/** The object as `-o yaml` or `-o json` prints it. */
export function renderKubectl(value: KubeObject, format: "yaml" | "json"): string {
  const sorted = sortKeys(value);
  return format === "json" ? `${JSON.stringify(sorted, null, 4)}\n` : toYaml(sorted);
}

export interface SecretOptions {
  namespace: string;
  name: string;
  type: string;
  /** Values as text; each becomes base64 `data`. */
  data: Record<string, string>;
  annotations?: Record<string, string>;
  created?: string;
}

/** A Secret as the API returns it. */
export function secretObject(options: SecretOptions): KubeObject {
  const data = Object.fromEntries(Object.entries(options.data).map(([key, text]) => [key, dataValue(text)]));
  return {
    apiVersion: "v1",
    data,
    kind: "Secret",
    metadata: {
      ...(options.annotations ? { annotations: options.annotations } : {}),
      creationTimestamp: options.created ?? "2026-01-01T00:00:00Z",
      name: options.name,
      namespace: options.namespace,
      resourceVersion: "1",
      uid: `00000000-0000-4000-8000-${options.name.length.toString(16).padStart(12, "0")}`,
    },
    type: options.type,
  };
}

/** The annotations cert-manager writes on a Secret it issued (pkg/apis/certmanager/v1 types). */
export function certManagerAnnotations(certificate: string, issuer: string, kind = "ClusterIssuer") {
  return {
    "cert-manager.io/alt-names": "",
    "cert-manager.io/certificate-name": certificate,
    "cert-manager.io/common-name": certificate,
    "cert-manager.io/ip-sans": "",
    "cert-manager.io/issuer-group": "cert-manager.io",
    "cert-manager.io/issuer-kind": kind,
    "cert-manager.io/issuer-name": issuer,
    "cert-manager.io/uri-sans": "",
  };
}

export interface CsrCondition {
  type: "Approved" | "Denied" | "Failed";
  reason: string;
  message: string;
  at: string;
}

export interface CsrOptions {
  name: string;
  /** PEM text of the PKCS#10 request. */
  request: string;
  signerName: string;
  username: string;
  groups: string[];
  usages: string[];
  created: string;
  expirationSeconds?: number;
  conditions?: CsrCondition[];
  /** PEM text of the issued certificate. */
  certificate?: string;
}

/** A certificates.k8s.io/v1 CertificateSigningRequest as the API returns it. */
export function csrObject(options: CsrOptions): KubeObject {
  const conditions = (options.conditions ?? []).map((condition) => ({
    lastTransitionTime: condition.at,
    lastUpdateTime: condition.at,
    message: condition.message,
    reason: condition.reason,
    status: "True",
    type: condition.type,
  }));
  return {
    apiVersion: "certificates.k8s.io/v1",
    kind: "CertificateSigningRequest",
    metadata: { creationTimestamp: options.created, name: options.name, resourceVersion: "1" },
    spec: {
      ...(options.expirationSeconds !== undefined ? { expirationSeconds: options.expirationSeconds } : {}),
      groups: options.groups,
      request: dataValue(options.request),
      signerName: options.signerName,
      usages: options.usages,
      username: options.username,
    },
    status: {
      ...(options.certificate ? { certificate: dataValue(options.certificate) } : {}),
      ...(conditions.length > 0 ? { conditions } : {}),
    },
  };
}
