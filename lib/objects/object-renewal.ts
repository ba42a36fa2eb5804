/**
 * The renewal step of a certificate kept only in an API object other than a Secret: a `caBundle`
 * is not renewed but replaced by the CA that now signs its Service's serving certificate; a
 * certificate a CSR issued is renewed by a new CSR of the same requester.
 */
import type { ReportObjectRef } from "../report";

/** What the renewal plan says to do for a certificate kept in `object`. */
export function objectStep(object: ReportObjectRef): {
  kind: "manual";
  command: string;
  runnable: false;
  note: string;
} {
  if (object.kind === "CertificateSigningRequest")
    return {
      kind: "manual",
      command: `have its holder file a new CertificateSigningRequest like ${object.name} (same subject, signer and usages) and approve it: kubectl certificate approve <new name>`,
      runnable: false,
      note: "A certificate issued through the certificates.k8s.io API is never renewed in place; the requester's kubeconfig then takes the new certificate.",
    };
  const where =
    object.webhook !== undefined
      ? `${object.kind}/${object.name} (webhook ${object.webhook})`
      : `${object.kind}/${object.name}`;
  return {
    kind: "manual",
    command: `put the CA that signs the service's serving certificate into the caBundle of ${where} before this one expires (cert-manager: the cert-manager.io/inject-ca-from annotation keeps it in step)`,
    runnable: false,
    note: "The apiserver verifies the service with this bundle alone: once it expires, every call to the service fails with x509: certificate has expired or is not yet valid.",
  };
}
