// RSA below 2048 bits (and EC below 256) is below every current baseline; kubeadm's smallest option is RSA-2048 (k8s-pki-spec §1.4, §8 item 8).
import type { Finding } from "../report";
import { attribution, certLabel, certPaths, isUsed } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const weakKey: Rule = {
  codes: ["WEAK_KEY"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const cert of ctx.inventory.certificates) {
      const key = cert.publicKey;
      const weak =
        (key.algorithm === "RSA" && key.bits < 2048) || (key.algorithm === "ECDSA" && key.bits < 256);
      if (!weak) continue;
      findings.push({
        code: "WEAK_KEY",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} has a ${key.label} key`,
        detail: `${certLabel(cert)} uses a ${key.label} key; the minimum is RSA 2048 or ECDSA P-256.${isUsed(ctx, cert) ? "" : " No configuration in the input uses it."}`,
        ...attribution(ctx, cert),
        files: certPaths(cert),
        certificateIds: [cert.id],
        fix: "Reissue it with a new RSA-2048 (or ECDSA P-256) key; kubeadm ≥1.31 can set `encryptionAlgorithm` in ClusterConfiguration, then `kubeadm certs renew` after removing the old key.",
      });
    }
    return findings;
  },
};
