// A certificate whose notBefore is in the future is rejected like an expired one — usually clock skew (k8s-pki-spec §7 row 4).
import type { Finding } from "../report";
import { attribution, certLabel, certPaths, formatDate, isUsed } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const certNotYetValid: Rule = {
  codes: ["CERT_NOT_YET_VALID"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const cert of ctx.inventory.certificates) {
      if (Date.parse(cert.notBefore) <= ctx.now.getTime()) continue;
      const used = isUsed(ctx, cert);
      findings.push({
        code: "CERT_NOT_YET_VALID",
        severity: used ? "error" : "warning",
        title: `${cert.subjectCN ?? cert.subject} is not valid until ${cert.notBefore.slice(0, 10)}`,
        detail: `${certLabel(cert)} becomes valid at ${formatDate(cert.notBefore)}; it is now ${formatDate(ctx.now.toISOString())}. Until then TLS rejects it with "x509: certificate has expired or is not yet valid".${used ? "" : " No configuration in the input uses it."}`,
        ...attribution(ctx, cert),
        files: certPaths(cert),
        certificateIds: [cert.id],
        fix: "Check the clocks of the issuing machine and of this node (`timedatectl`, NTP); if the certificate was issued with a future date, reissue it.",
      });
    }
    return findings;
  },
};
