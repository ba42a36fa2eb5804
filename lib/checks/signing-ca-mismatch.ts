// kube-controller-manager signs kubelet CSRs with --cluster-signing-cert-file; the apiserver must trust that CA via --client-ca-file (k8s-pki-spec §4.1 row 14, §5.3).
import type { Rule } from "../engine/rule";
import { modelEvidence } from "../cluster/provenance";

export const signingCaMismatch: Rule = {
  codes: ["SIGNING_CA_MISMATCH"],
  scope: "relationship",
  run: (ctx) => {
    const { signingCA, clientCA, controllerManager, apiserver } = ctx.model;
    const signer = signingCA?.certs[0];
    if (
      !signer ||
      !clientCA ||
      clientCA.certs.some((c) => c.publicKey.canonical === signer.publicKey.canonical)
    )
      return [];
    const files = [
      controllerManager?.source ?? signingCA.source,
      ...(apiserver?.source ? [apiserver.source] : []),
    ];
    return [
      {
        code: "SIGNING_CA_MISMATCH",
        severity: "error",
        title: "Kubelet certificates would be signed by a CA the apiserver does not trust",
        detail: `kube-controller-manager signs CSRs with --cluster-signing-cert-file (${signingCA.source}, "${signer.subject}"), but kube-apiserver trusts client certificates from --client-ca-file (${clientCA.source}, "${clientCA.certs.map((c) => c.subject).join(", ")}"). Every kubelet that joins or rotates its client certificate gets one the apiserver rejects ("x509: certificate signed by unknown authority"), and nodes go NotReady as their certificates rotate.`,
        relationship: "kubelet-bootstrap",
        files,
        certificateIds: [signer.id],
        // Both flags, as the drop gives them: kubeadm's defaults stand for a controller-manager only
        // in a recognised kubeadm layout, never for one whose configuration is elsewhere.
        evidence: [
          modelEvidence(ctx.model).bundle("kube-controller-manager", signingCA),
          modelEvidence(ctx.model).bundle("kube-apiserver", clientCA),
        ],
        fix: `Point --cluster-signing-cert-file and --cluster-signing-key-file of kube-controller-manager at the cluster CA (${clientCA.source} and its key), as kubeadm does, and restart it.`,
      },
    ];
  },
};
