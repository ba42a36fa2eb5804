// A certificate inside the policy's expiry window for its kind (CA, kubelet, other leaf) that no expiry rule already reports: the policy's notice is longer than the report's thresholds (kubeadm-certs docs; the kubelet rotates its own at 70–90 %, k8s-pki-spec §3.1).
//
// One fact, one finding: a certificate CERT_EXPIRED, CERT_NOT_YET_VALID or CERT_EXPIRES_SOON
// judges (outside "ok" by lib/expiry.ts), or a CA inside the report's CA horizon, is left to them.
import type { Finding } from "../report";
import { certLabel, formatDate, isSupersededRotation } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { judgeExpiry } from "../expiry";
import {
  aboutCertificate,
  activePolicy,
  policySource,
  selectedCertificates,
  windowKind,
} from "./policy-scope";

const KIND_WORDS = { ca: "CA", kubelet: "kubelet certificate", leaf: "certificate" } as const;

export const policyExpiryWindow: Rule = {
  codes: ["POLICY_EXPIRY_WINDOW"],
  scope: "certificate",
  run: (ctx) => {
    const policy = activePolicy(ctx);
    const windows = policy?.expiryWindowDays;
    if (!policy || !windows) return [];
    const findings: Finding[] = [];
    for (const cert of selectedCertificates(ctx, policy)) {
      const kind = windowKind(ctx, cert);
      const window = windows[kind];
      if (window === undefined) continue;
      const expiry = judgeExpiry(cert, ctx.now, ctx);
      if (expiry.state !== "ok" || expiry.daysLeft > window) continue;
      if (kind === "ca" && expiry.daysLeft <= ctx.caHorizonDays) continue;
      if (isSupersededRotation(ctx, cert)) continue;
      findings.push({
        code: "POLICY_EXPIRY_WINDOW",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} expires in ${expiry.daysLeft} days, inside the ${window}-day window`,
        detail: `${certLabel(cert)} expires ${formatDate(cert.notAfter)}, ${expiry.daysLeft} days from ${formatDate(ctx.now.toISOString())}. A ${KIND_WORDS[kind]} must be renewed ${window} days ahead, set by ${policySource(policy, `expiryWindowDays.${kind}`, window)}.`,
        ...aboutCertificate(ctx, cert),
        fix:
          kind === "ca"
            ? "Plan the CA's rotation now (https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/); `k8s-pki plan-rotation` lists the steps."
            : "Renew it now (`k8s-pki audit --format plan` lists what to renew when, with the commands).",
      });
    }
    return findings;
  },
};
