// A certificate signed with an algorithm the policy does not allow. SHA-1 and MD5 signatures are WEAK_SIGNATURE's (Go refuses them from Kubernetes 1.24, k8s-pki-spec §1.5), reported once.
import type { Finding } from "../report";
import { certLabel } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { aboutCertificate, activePolicy, policySource, selectedCertificates } from "./policy-scope";

const WEAK_HASHES = ["SHA-1", "MD5", "MD2"];

export const policySignatureAlgorithm: Rule = {
  codes: ["POLICY_SIGNATURE_ALGORITHM"],
  scope: "certificate",
  run: (ctx) => {
    const policy = activePolicy(ctx);
    const allowed = policy?.signatureAlgorithms;
    if (!policy || !allowed) return [];
    const findings: Finding[] = [];
    for (const cert of selectedCertificates(ctx, policy)) {
      if (allowed.includes(cert.signatureAlgorithm) || WEAK_HASHES.includes(cert.signatureHash)) continue;
      const issuer = ctx.issuers.get(cert.id);
      findings.push({
        code: "POLICY_SIGNATURE_ALGORITHM",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} is signed with ${cert.signatureAlgorithm}, not an allowed algorithm`,
        detail: `${certLabel(cert)} is signed with ${cert.signatureAlgorithm}${issuer && issuer.id !== cert.id ? ` by ${issuer.subjectCN ?? issuer.subject}` : ""}. The allowed algorithms are ${allowed.join(", ")}, set by ${policySource(policy, "signatureAlgorithms", `[${allowed.join(", ")}]`)}.`,
        ...aboutCertificate(ctx, cert),
        fix: "Reissue it from a CA whose key and signing tool give an allowed algorithm (the signature's algorithm follows the issuing CA's key type: an RSA CA signs sha256WithRSAEncryption, an ECDSA P-256 CA ecdsa-with-SHA256).",
      });
    }
    return findings;
  },
};
