/**
 * How findings speak of a certificate kept in a Kubernetes Secret: by its Secret
 * (`apps/web-tls`), and with the renewal that applies there — cert-manager's when it manages the
 * Secret, a new pair written into the Secret otherwise — instead of kubeadm's commands.
 */
import type { CertificateRecord, ObjectRef } from "../inventory";
import { onlyInSecrets } from "./describe";

/** The Secrets a certificate was found in, once each, in input order. */
function secretsOf(cert: CertificateRecord): ObjectRef[] {
  const seen = new Set<string>();
  const out: ObjectRef[] = [];
  for (const { object } of cert.sources) {
    if (object?.kind !== "Secret") continue;
    const name = secretName(object);
    if (seen.has(name)) continue;
    seen.add(name);
    out.push(object);
  }
  return out;
}

/** `apps/web-tls`, or the bare name of a Secret manifest without a namespace. */
export function secretName(object: ObjectRef): string {
  return object.namespace === undefined ? object.name : `${object.namespace}/${object.name}`;
}

/**
 * For a certificate seen only in Secrets: the sentence saying where it is kept and what that means
 * for its use, else undefined.
 */
export function secretUse(cert: CertificateRecord): string | undefined {
  if (!onlyInSecrets(cert)) return undefined;
  const names = secretsOf(cert).map(secretName);
  const where = names.length === 1 ? `the Secret ${names[0]}` : `the Secrets ${names.join(", ")}`;
  return `It is kept in ${where}; nothing in the input says what serves it, so it is reported as a warning.`;
}

/**
 * How to renew a certificate seen only in Secrets, or undefined for any other certificate — and
 * for a CA cert-manager does not manage, which is rotated like any CA.
 */
export function secretRenewal(cert: CertificateRecord): string | undefined {
  if (!onlyInSecrets(cert)) return undefined;
  const secrets = secretsOf(cert);
  const managed = secrets.find((secret) => secret.managedBy === "cert-manager");
  if (managed)
    return (
      `cert-manager manages ${secretName(managed)} and should have renewed it: look at its Certificate ` +
      `(\`kubectl describe certificate -n ${managed.namespace ?? "<namespace>"}\`, \`kubectl get certificaterequests\`) ` +
      "for why it did not, and `cmctl renew` it once the cause is fixed."
    );
  if (cert.isCA) return undefined;
  const [first] = secrets;
  const name = first ? secretName(first) : "the Secret";
  return (
    `Issue a new certificate with the same subject and SANs from the same CA and write the pair into ${name} ` +
    "(`kubectl create secret tls <name> --cert=… --key=… --dry-run=client -o yaml | kubectl apply -f -`); " +
    "whatever serves it picks it up (an ingress controller at once, most webhooks on restart)."
  );
}
