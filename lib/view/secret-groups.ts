/**
 * How the views place a certificate that lives only in Kubernetes Secrets: under its namespace
 * ("Secrets in cert-manager"), named after its Secret and key (`webhook-tls · tls.crt`) instead of
 * the dump's file name. Read from the report's `secrets` field, never from a path's locator. A
 * certificate also found in a node's files (the cluster CA, copied into every service-account token
 * Secret) keeps its place among the node's certificates.
 */
import { naturalOrder } from "../shared/natural-order";
import type { ReportCertificate, ReportSecretRef } from "../report";

/**
 * The Secret a certificate is known by, when it was found only in Secrets: the one it is the
 * certificate of (`tls.crt`), before those that carry a copy of it as their CA (`ca.crt`).
 */
export function homeSecret(
  certificate: Pick<ReportCertificate, "paths" | "secrets" | "objects">,
): ReportSecretRef | undefined {
  const { secrets } = certificate;
  // Each Secret key (and each other API object's field) is one path, so fewer refs than paths
  // means a copy outside any API object.
  const objects = certificate.objects?.length ?? 0;
  if (!secrets || secrets.length === 0 || secrets.length + objects < certificate.paths.length)
    return undefined;
  return secrets.find((ref) => ref.key !== "ca.crt") ?? secrets[0];
}

/** `webhook-tls · tls.crt`: a Secret's certificate by the names people gave them. */
export function secretRowName(ref: ReportSecretRef): string {
  return `${ref.name} · ${ref.key}`;
}

/** The heading of a namespace's group. */
export function namespaceTitle(namespace: string | undefined): string {
  return namespace === undefined ? "Secrets without a namespace" : `Secrets in ${namespace}`;
}

/** One namespace and its certificates, in the order they were given. */
export interface NamespaceGroup {
  namespace: string | undefined;
  certificates: ReportCertificate[];
}

/**
 * `certificates` split into the node's (in their order) and one group per namespace of Secrets
 * (namespaces in natural order, each keeping the given order).
 */
export function groupBySecretNamespace(certificates: readonly ReportCertificate[]): {
  node: ReportCertificate[];
  namespaces: NamespaceGroup[];
} {
  const node: ReportCertificate[] = [];
  const groups = new Map<string, NamespaceGroup>();
  for (const certificate of certificates) {
    const home = homeSecret(certificate);
    if (!home) {
      node.push(certificate);
      continue;
    }
    const key = home.namespace ?? "";
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { namespace: home.namespace, certificates: [] }));
    group.certificates.push(certificate);
  }
  const namespaces = [...groups.values()].sort((a, b) =>
    a.namespace === undefined ? 1 : b.namespace === undefined ? -1 : naturalOrder(a.namespace, b.namespace),
  );
  return { node, namespaces };
}
