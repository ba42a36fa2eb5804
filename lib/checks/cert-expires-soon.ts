// Renew before expiry: inside the warning window (default 30 days) or the last 10 % of the lifetime (kubeadm-certs docs; kubelet rotates at 70–90 %).
import type { Finding } from "../report";
import { attribution, certLabel, certPaths, formatDate, renewCommand } from "./describe";
import type { Rule } from "./types";

const DAY = 86_400_000;

export const certExpiresSoon: Rule = {
  codes: ["CERT_EXPIRES_SOON"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    const now = ctx.now.getTime();
    for (const cert of ctx.inventory.certificates) {
      const notBefore = Date.parse(cert.notBefore);
      const notAfter = Date.parse(cert.notAfter);
      if (notAfter < now || notBefore > now) continue;
      const left = notAfter - now;
      const lifetime = notAfter - notBefore;
      const byDays = left <= ctx.warnDays * DAY;
      const byFraction = lifetime > 0 && left / lifetime < ctx.warnFraction;
      if (!byDays && !byFraction) continue;
      const days = Math.floor(left / DAY);
      const percent = lifetime > 0 ? Math.round((left / lifetime) * 100) : 0;
      const why = byDays
        ? `within the ${ctx.warnDays}-day warning window`
        : `only ${percent}% of its lifetime is left`;
      const renew = renewCommand(certPaths(cert)[0] ?? "");
      findings.push({
        code: "CERT_EXPIRES_SOON",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} expires in ${days} day${days === 1 ? "" : "s"}`,
        detail: `${certLabel(cert)} expires ${formatDate(cert.notAfter)}, ${days} days from ${formatDate(ctx.now.toISOString())} — ${why}.`,
        ...attribution(ctx, cert),
        files: certPaths(cert),
        certificateIds: [cert.id],
        fix: cert.isCA
          ? "Plan a CA rotation before it expires: https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/"
          : renew
            ? `\`${renew}\` (or \`kubeadm certs renew all\`), then restart the control-plane static pods.`
            : "Renew it from the same CA before the date, and restart the component that uses it.",
      });
    }
    return findings;
  },
};
