// Go rejects a certificate outside its validity: "x509: certificate has expired or is not yet valid" (k8s-pki-spec §7 row 4).
import type { Finding } from "../report";
import {
  attribution,
  certLabel,
  certPaths,
  formatDate,
  isSupersededRotation,
  isUsed,
  renewCommand,
} from "./describe";
import type { Rule } from "./types";

const DAY = 86_400_000;

export const certExpired: Rule = {
  codes: ["CERT_EXPIRED"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const cert of ctx.inventory.certificates) {
      const notAfter = Date.parse(cert.notAfter);
      if (notAfter >= ctx.now.getTime()) continue;
      // Rotation leaves the kubelet's old certificates behind; the current one is judged instead.
      if (isSupersededRotation(ctx, cert)) continue;
      const used = isUsed(ctx, cert);
      const days = Math.floor((ctx.now.getTime() - notAfter) / DAY);
      const paths = certPaths(cert);
      const renew = renewCommand(paths[0] ?? "");
      findings.push({
        code: "CERT_EXPIRED",
        severity: used ? "error" : "warning",
        title: `${cert.subjectCN ?? cert.subject} expired ${days === 0 ? "today" : `${days} day${days === 1 ? "" : "s"} ago`}`,
        detail:
          `${certLabel(cert)} was valid until ${formatDate(cert.notAfter)}; it is now ${formatDate(ctx.now.toISOString())}. ` +
          (used
            ? `Connections that present or trust it fail with "x509: certificate has expired or is not yet valid".`
            : "No configuration in the input uses it, so it is reported as a warning: delete it or renew it if something outside the input still reads it."),
        ...attribution(ctx, cert),
        files: paths,
        certificateIds: [cert.id],
        fix: cert.isCA
          ? "A CA cannot be renewed in place: plan a CA rotation (https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/)."
          : renew
            ? `\`${renew}\`, then restart the components that use it (move the static-pod manifest out of /etc/kubernetes/manifests and back).`
            : "Issue a new certificate with the same subject and SANs from the same CA, and restart the component that uses it.",
      });
    }
    return findings;
  },
};
