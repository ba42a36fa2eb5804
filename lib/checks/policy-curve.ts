// An ECDSA key on a curve the policy does not allow (kubeadm offers ECDSA-P256 and, since 1.34, ECDSA-P384, k8s-pki-spec §1.4).
import type { Finding } from "../report";
import { certLabel } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { aboutCertificate, activePolicy, policySource, selectedCertificates } from "./policy-scope";

export const policyCurve: Rule = {
  codes: ["POLICY_CURVE"],
  scope: "certificate",
  run: (ctx) => {
    const policy = activePolicy(ctx);
    const allowed = policy?.keys?.allowedCurves;
    if (!policy || !allowed) return [];
    const findings: Finding[] = [];
    for (const cert of selectedCertificates(ctx, policy)) {
      const key = cert.publicKey;
      if (key.algorithm !== "ECDSA" || allowed.includes(key.curve ?? "")) continue;
      const curve = key.curve ?? `${key.bits}-bit curve`;
      findings.push({
        code: "POLICY_CURVE",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} has an ECDSA key on ${curve}, not an allowed curve`,
        detail: `${certLabel(cert)} uses an ECDSA key on ${curve}. The allowed curves are ${allowed.join(", ")}, set by ${policySource(policy, "keys.allowedCurves", `[${allowed.join(", ")}]`)}.`,
        ...aboutCertificate(ctx, cert),
        fix: `Reissue it with a new key on ${allowed.join(" or ")}; kubeadm v1beta4 sets the key type with ClusterConfiguration \`encryptionAlgorithm\`, then \`kubeadm certs renew\` after moving the old key away.`,
      });
    }
    return findings;
  },
};
