// kubeadm sets no --kubelet-certificate-authority and kubelets serve self-signed certs: the apiserver does not verify kubelets (k8s-pki-spec §4.1 row 10). A default, so info.
import { flagValue } from "../cluster/flags";
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";

export const kubeletServingUnverified: Rule = {
  codes: ["KUBELET_SERVING_UNVERIFIED"],
  scope: "relationship",
  run: (ctx) => {
    const apiserver = ctx.model.apiserver;
    if (
      !apiserver ||
      apiserver.origin === "convention" ||
      flagValue(apiserver.flags, "kubelet-certificate-authority")
    )
      return [];
    const selfSigned = ctx.model.kubelets
      .filter(
        (k) =>
          k.serving?.cert &&
          (k.serving.cert.selfIssued ||
            k.serving.chain.some((c) => c.selfIssued && c.subject === k.serving?.cert?.issuer)),
      )
      .map((k) => `${k.serving?.source} ("${k.serving?.cert?.subject}")`);
    const findings: Finding[] = [
      {
        code: "KUBELET_SERVING_UNVERIFIED",
        severity: "info",
        title: "kube-apiserver does not verify kubelet serving certificates",
        detail: `${apiserver.source} sets no --kubelet-certificate-authority, so kube-apiserver accepts any certificate on port 10250 (kubeadm's default).${selfSigned.length ? ` The kubelet serves a self-signed certificate: ${selfSigned.join(", ")} — it has no IP SAN and is never renewed.` : ""} Someone able to intercept node traffic could impersonate a kubelet to \`kubectl logs/exec\`.`,
        relationship: "kubelet-serving",
        files: [apiserver.source ?? ""],
        // The cluster CA where this node keeps it (kubespray: /etc/kubernetes/ssl/ca.crt).
        fix: `To verify kubelets: set \`serverTLSBootstrap: true\` in the kubelet configuration, approve the kubelet-serving CSRs (\`kubectl certificate approve\`), then set --kubelet-certificate-authority=${flagValue(apiserver.flags, "client-ca-file") ?? "/etc/kubernetes/pki/ca.crt"} on kube-apiserver.`,
      },
    ];
    return findings;
  },
};
