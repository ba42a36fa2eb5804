/**
 * Which certificate a Service serves, from configured facts only: a cert-manager Certificate in the
 * Service's namespace whose `dnsNames` cover `<name>.<namespace>.svc`, and the Secret its
 * `spec.secretName` names; failing that, a `kubernetes.io/tls` Secret of that namespace whose
 * certificate's SANs cover that name. Nothing is taken from a Secret's or a file's name alone.
 */
import type { CertificateRecord, Inventory, KubeSecretRecord } from "../inventory";
import { goHostnameMatches } from "../pki/go/verify-hostname";
import { serviceHost, type CertManagerCertificate, type ServiceRef } from "./trust-objects";

/** The serving certificate of a Service and what says so. */
export interface ServingCertificate {
  leaf: CertificateRecord;
  /** What `tls.crt` sends after the leaf (intermediates), in order. */
  presented: CertificateRecord[];
  secret: KubeSecretRecord;
  /** The cert-manager Certificate that names the Secret, when that is how it was found. */
  certificate?: CertManagerCertificate;
  /** One sentence, in the user's names: how the Secret was tied to the Service. */
  evidence: string;
}

/** Why no serving certificate was found: the words of an `unknown`. */
export interface ServingUnknown {
  reason: string;
}

const TLS_SECRET = "kubernetes.io/tls";

function secretName(secret: KubeSecretRecord): string {
  return secret.namespace === undefined ? secret.name : `${secret.namespace}/${secret.name}`;
}

/** The leaf and chain under a Secret's `tls.crt`, when it holds certificates the inventory read. */
function tlsChain(
  inventory: Inventory,
  secret: KubeSecretRecord,
): { leaf: CertificateRecord; presented: CertificateRecord[] } | undefined {
  const entry = secret.entries.find((e) => e.key === "tls.crt");
  const byId = (id: string) => inventory.certificates.find((cert) => cert.id === id);
  const certs = (entry?.certificateIds ?? []).flatMap((id) => byId(id) ?? []);
  const [leaf, ...presented] = certs;
  return leaf ? { leaf, presented } : undefined;
}

/** Whether a cert-manager Certificate's names cover the host (Go's matching, wildcards included). */
function namesCover(certificate: CertManagerCertificate, host: string): boolean {
  const names = [...certificate.dnsNames, ...(certificate.commonName ? [certificate.commonName] : [])];
  return goHostnameMatches(names, [], host);
}

/**
 * The serving certificate of `service` in `inventory`, or why it is not known. `kubernetes.io/tls`
 * Secrets are searched only when no cert-manager Certificate claims the name.
 */
export function findServingCertificate(
  inventory: Inventory,
  service: ServiceRef,
): ServingCertificate | ServingUnknown {
  const host = serviceHost(service);
  const secrets = (inventory.kubeSecrets ?? []).filter((s) => s.namespace === service.namespace);
  const claims = (inventory.trustObjects?.certificates ?? []).filter(
    (c) => c.namespace === service.namespace && c.secretName !== undefined && namesCover(c, host),
  );
  for (const certificate of claims) {
    const secret = secrets.find((s) => s.name === certificate.secretName);
    const chain = secret ? tlsChain(inventory, secret) : undefined;
    if (secret && chain)
      return {
        ...chain,
        secret,
        certificate,
        evidence: `cert-manager Certificate ${service.namespace}/${certificate.name} (${certificate.source.path}) lists ${host} in spec.dnsNames and keeps it in Secret ${secretName(secret)} (spec.secretName)`,
      };
  }
  const [claim] = claims;
  if (claim)
    return {
      reason: `cert-manager Certificate ${service.namespace}/${claim.name} keeps ${host}'s certificate in Secret ${service.namespace}/${claim.secretName ?? ""}, which is not in this dump`,
    };
  for (const secret of secrets) {
    if (secret.type !== TLS_SECRET) continue;
    const chain = tlsChain(inventory, secret);
    if (chain && goHostnameMatches(chain.leaf.dnsNames, chain.leaf.ipAddresses, host))
      return {
        ...chain,
        secret,
        evidence: `${TLS_SECRET} Secret ${secretName(secret)} (${secret.source.path}) is in the Service's namespace and its tls.crt covers ${host}`,
      };
  }
  return {
    reason: `no cert-manager Certificate and no ${TLS_SECRET} Secret of namespace ${service.namespace} covering ${host} is in this dump: the serving Secret is not in this drop`,
  };
}
