// A chain is valid only while every certificate in it is (RFC 5280 §6.1.3 checks each certificate's validity; Go's x509 does the same), so a certificate is worth only as long as its issuer (k8s-pki-spec §1.4: kubeadm v1beta4 certificateValidityPeriod / caCertificateValidityPeriod).
//
// The issuer is the one whose signature verifies, not whichever certificate has the right name. An
// issuer that has already expired is CERT_EXPIRED's to report. Scripts that make the CA and then its
// leaves with the same lifetime (kubespray's make-ssl-etcd.sh, Kubernetes the Hard Way) leave each
// leaf outliving its CA by the seconds or minutes between the two commands: that is no fault, so an
// overshoot within a day, or within 1 % of the certificate's lifetime, is not reported.
import { isOperatorRotated } from "../engine/operator-rotated";
import { DAY_MS } from "../expiry";
import { formatSpan } from "../format/format-span";
import type { Finding } from "../report";
import { renewCommand } from "../cluster/kubeadm-renew";
import { attribution, certLabel, certPaths, filesFirst, formatDate } from "../engine/describe";
import type { Rule } from "../engine/rule";
import type { CertificateRecord } from "../inventory";

/** A CA certificate whose key and name also stand in a self-issued certificate of the drop: a cross-certificate. */
function isCrossCertificate(certificates: readonly CertificateRecord[], cert: CertificateRecord): boolean {
  if (!cert.isCA || cert.selfIssued) return false;
  return certificates.some(
    (other) =>
      other.id !== cert.id &&
      other.selfIssued &&
      other.subject === cert.subject &&
      other.publicKey.canonical === cert.publicKey.canonical,
  );
}

/** An overshoot up to this share of the certificate's lifetime is the time it took to issue it. */
const NEGLIGIBLE_SHARE = 0.01;

export const certOutlivesIssuer: Rule = {
  codes: ["CERT_OUTLIVES_ISSUER"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const cert of ctx.inventory.certificates) {
      const issuer = ctx.issuers.get(cert.id);
      // An operator-rotated signer's leaves are re-issued when it rotates (engine/operator-rotated.ts).
      if (!issuer || issuer.id === cert.id || isOperatorRotated(ctx, issuer)) continue;
      // A cross-certificate (a new root signed by the old one, as k3s' CA rotation makes it) is a
      // bridge while the old root lives; past it the new root's own self-signed certificate chains.
      if (isCrossCertificate(ctx.inventory.certificates, cert)) continue;
      const issuerEnd = Date.parse(issuer.notAfter);
      const end = Date.parse(cert.notAfter);
      if (end <= issuerEnd || issuerEnd < ctx.now.getTime()) continue;
      const lifetime = end - Date.parse(cert.notBefore);
      if (end - issuerEnd <= Math.max(DAY_MS, lifetime * NEGLIGIBLE_SHARE)) continue;
      const lost = formatSpan(end - issuerEnd);
      const renew = renewCommand(certPaths(cert)[0] ?? "");
      findings.push({
        code: "CERT_OUTLIVES_ISSUER",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} is valid ${lost} longer than its CA`,
        detail:
          `${certLabel(cert)} is valid until ${formatDate(cert.notAfter)}, but the CA that signed it, ${certLabel(issuer, filesFirst(issuer)[0])}, ` +
          `expires ${formatDate(issuer.notAfter)}. A chain is valid only while every certificate in it is, so clients ` +
          `stop accepting it when the CA expires, ${lost} before its own date.`,
        ...attribution(ctx, cert),
        files: certPaths(cert),
        certificateIds: [cert.id],
        fix:
          `Re-issue it with a validity that ends before the CA's (${formatDate(issuer.notAfter)})` +
          (renew
            ? `: with kubeadm ≥1.31, set ClusterConfiguration \`certificateValidityPeriod\` (v1beta4, default 8760h) short enough, then \`${renew}\``
            : "") +
          `. Or rotate the CA first (https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/), giving the new CA a life ` +
          "longer than the certificates it signs (kubeadm: `caCertificateValidityPeriod`, default 87600h).",
      });
    }
    return findings;
  },
};
