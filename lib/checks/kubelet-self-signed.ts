/**
 * The kubelet's self-signed serving pair (`/var/lib/kubelet/pki/kubelet.crt`): with neither
 * serverTLSBootstrap nor tlsCertFile set, the kubelet makes a one-year CA `<host>-ca@<unix>` and a
 * leaf `<host>@<unix>` from it, keeps only the leaf's key, and never renews either (k8s-pki-spec §3.1,
 * kubernetes#99418). Its CA is a CA in form only: nothing else is ever issued from it, so the expiry
 * rules judge it like the leaf it was made with.
 */
import type { CertificateRecord } from "../ingest/types";

/** Whether a certificate is the throwaway CA of a kubelet's self-signed serving pair. */
export function isKubeletSelfSignedCA(cert: CertificateRecord): boolean {
  return cert.isCA && cert.selfIssued && /^.+-ca@\d+$/.test(cert.subjectCN ?? "");
}
