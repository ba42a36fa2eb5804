/**
 * CAs an operator rotates by itself. OpenShift's operators (library-go pkg/operator/certrotation)
 * name each signer `<namespace>_<secret>@<unix seconds>` (`openshift-kube-apiserver-operator_
 * aggregator-client-signer@1794552000`, `kube-csr-signer_@…`) and replace it, and re-issue what it
 * signed, at a set share of its life (signers of 30 days to a few years). In a layout recognised as
 * OpenShift every CA of the control plane is such a signer. A year's CA horizon would warn on every
 * healthy cluster; such a CA is judged by the expiry thresholds alone, and a leaf outliving it is
 * re-issued with it.
 */
import type { CertificateRecord } from "../inventory";
import type { CheckContext } from "./rule";

/** library-go certrotation's signer name (signer.go `SignerRotation`). */
const LIBRARY_GO_SIGNER = /^[a-z0-9.-]*_[a-z0-9.-]*@\d{9,}$/;

export function isOperatorRotated(ctx: Pick<CheckContext, "model">, cert: CertificateRecord): boolean {
  if (!cert.isCA) return false;
  return ctx.model.layout.name === "openshift" || LIBRARY_GO_SIGNER.test(cert.subjectCN ?? "");
}
