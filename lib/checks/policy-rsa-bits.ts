// An RSA key below the policy's minimum (kubeadm offers RSA-2048, -3072 and -4096, k8s-pki-spec §1.4). Keys under 2048 bits are WEAK_KEY's, reported once.
import type { Finding } from "../report";
import { certLabel } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { aboutCertificate, activePolicy, policySource, selectedCertificates } from "./policy-scope";

export const policyRsaBits: Rule = {
  codes: ["POLICY_RSA_BITS"],
  scope: "certificate",
  run: (ctx) => {
    const policy = activePolicy(ctx);
    const min = policy?.keys?.minRsaBits;
    if (!policy || min === undefined) return [];
    const findings: Finding[] = [];
    for (const cert of selectedCertificates(ctx, policy)) {
      const key = cert.publicKey;
      if (key.algorithm !== "RSA" || key.bits >= min || key.bits < 2048) continue;
      findings.push({
        code: "POLICY_RSA_BITS",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} has an RSA ${key.bits} key, under the ${min} bits required`,
        detail: `${certLabel(cert)} uses an RSA ${key.bits}-bit key. The minimum is ${min} bits, set by ${policySource(policy, "keys.minRsaBits", min)}.`,
        ...aboutCertificate(ctx, cert),
        fix: `Reissue it with a new key of at least RSA ${min} or an allowed ECDSA curve; kubeadm v1beta4 sets ClusterConfiguration \`encryptionAlgorithm\` (RSA-3072, RSA-4096, ECDSA-P256), then \`kubeadm certs renew\` after moving the old key away.`,
      });
    }
    return findings;
  },
};
