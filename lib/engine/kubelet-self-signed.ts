/**
 * The kubelet's self-signed serving pair (`/var/lib/kubelet/pki/kubelet.crt`): with neither
 * serverTLSBootstrap nor tlsCertFile set, the kubelet makes a one-year CA `<host>-ca@<unix>` and a
 * leaf `<host>@<unix>` from it, keeps only the leaf's key, and never renews either (k8s-pki-spec §3.1,
 * kubernetes#99418). Its CA is a CA in form only: nothing else is ever issued from it, so the expiry
 * rules judge it like the leaf it was made with.
 */
import type { CertificateRecord } from "../inventory";

/** Whether a certificate is the throwaway CA of a kubelet's self-signed serving pair. */
export function isKubeletSelfSignedCA(cert: CertificateRecord): boolean {
  return cert.isCA && cert.selfIssued && /^.+-ca@\d+$/.test(cert.subjectCN ?? "");
}

/** How the kubelet's self-signed serving pair (and the CA written with it) is renewed. */
export const KUBELET_SELF_SIGNED_FIX =
  "The kubelet never renews its self-signed kubelet.crt: move kubelet.crt and kubelet.key out of " +
  "/var/lib/kubelet/pki and restart the kubelet, which writes a new one-year pair; or set " +
  "`serverTLSBootstrap: true` so the cluster issues and rotates its serving certificate.";
