// A kubeconfig's certificate-authority must verify the apiserver serving cert; kubeadm itself refuses a kubeconfig "with the wrong CA cert" (k8s-pki-spec §2, §7 row 1).
import { kubeconfigPathOf } from "../inventory";
import type { Finding } from "../report";
import { wiringRef } from "../engine/describe";
import type { CheckContext, Rule } from "../engine/rule";
import { flagValue } from "../cluster/flags";

/** Where this node keeps the cluster CA: the apiserver's --client-ca-file as configured, else kubeadm's. */
function clusterCaPath(ctx: CheckContext): string {
  return (
    (ctx.model.apiserver && flagValue(ctx.model.apiserver.flags, "client-ca-file")) ??
    "/etc/kubernetes/pki/ca.crt"
  );
}

export const kubeconfigCaMismatch: Rule = {
  codes: ["KUBECONFIG_CA_MISMATCH"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const v of ctx.verifications) {
      if (!v.bundle.fromKubeconfig || !v.credential.cert) continue;
      if (v.outcome.verdict !== "untrusted" && v.outcome.verdict !== "bad-signature") continue;
      const cert = v.credential.cert;
      const kubeconfig = kubeconfigPathOf(v.bundle.source);
      const ca = v.bundle.certs[0];
      const sameName = v.outcome.verdict === "bad-signature";
      findings.push({
        code: "KUBECONFIG_CA_MISMATCH",
        severity: "error",
        title: `${kubeconfig} does not trust the apiserver's certificate`,
        detail:
          `${v.bundle.source} trusts "${ca?.subject ?? "?"}"${ca ? ` (serial ${ca.serial})` : ""}, but kube-apiserver presents "${cert.subject}" from ${v.credential.source}, issued by "${cert.issuer}". ` +
          (sameName
            ? `The names match but the keys differ — the kubeconfig holds a CA from before a re-init or CA rotation. kubectl fails with "${v.outcome.message ?? "x509: certificate signed by unknown authority"}".`
            : `Every client using it fails with "x509: certificate signed by unknown authority".`),
        ...wiringRef(v.wiring),
        files: [kubeconfig],
        certificateIds: [cert.id, ...(ca ? [ca.id] : [])],
        fix: `Replace certificate-authority-data in ${kubeconfig} with the current CA (base64 of ${clusterCaPath(ctx)}); for kubeadm's own files: \`kubeadm init phase kubeconfig all\` after moving the old file away, or \`kubeadm certs renew\` for that kubeconfig.`,
      });
    }
    return findings;
  },
};
