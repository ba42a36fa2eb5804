// Go ≥1.18 (Kubernetes ≥1.24) rejects SHA-1 signatures: "x509: cannot verify signature: insecure algorithm SHA1-RSA" (k8s-pki-spec §7 row 18). A root's self-signature is never checked.
import type { Finding } from "../report";
import { attribution, certLabel, certPaths } from "../engine/describe";
import type { Rule } from "../engine/rule";

const WEAK = new Set(["SHA-1", "MD5", "MD2"]);

export const weakSignature: Rule = {
  codes: ["WEAK_SIGNATURE"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const cert of ctx.inventory.certificates) {
      if (!WEAK.has(cert.signatureHash) || cert.selfIssued) continue;
      findings.push({
        code: "WEAK_SIGNATURE",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} is signed with ${cert.signatureHash}`,
        detail: `${certLabel(cert)} carries a ${cert.signatureAlgorithm} signature. Kubernetes ≥1.24 (Go ≥1.18) rejects it: "x509: cannot verify signature: insecure algorithm ${cert.signatureHash === "SHA-1" ? "SHA1-RSA" : cert.signatureAlgorithm}"; the GODEBUG=x509sha1=1 escape hatch is gone since Go 1.24.`,
        ...attribution(ctx, cert),
        files: certPaths(cert),
        certificateIds: [cert.id],
        fix: "Reissue it with a SHA-256 signature (`openssl x509 -req … -sha256`, or `kubeadm certs renew <name>`).",
      });
    }
    return findings;
  },
};
