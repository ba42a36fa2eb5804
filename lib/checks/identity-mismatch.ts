// The x509 authenticator maps CN → user and O → groups; authorizers need exact names (k8s-pki-spec §4.1, §5.1, §7 rows 10, 11, 14, 15).
import type { Finding } from "../report";
import { certLabel } from "./describe";
import type { Rule } from "./types";

/** `kubelet:worker-1` → `kubelet (worker-1)`, for titles. */
function componentName(id: string): string {
  const [kind, node] = id.split(":");
  return node ? `${kind} (${node})` : id;
}

export const identityMismatch: Rule = {
  codes: ["IDENTITY_MISMATCH"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const plan of ctx.model.plans) {
      const cert = plan.clientCredential?.cert;
      if (!cert || !plan.identity) continue;
      const verdict = plan.identity.check(cert.subjectCN, cert.subjectO);
      if (!verdict) continue;
      const file =
        plan.clientCredential?.certRef?.path ??
        plan.clientCredential?.kubeconfig?.source.path ??
        plan.clientCredential?.source ??
        "";
      findings.push({
        code: "IDENTITY_MISMATCH",
        severity: verdict.severity,
        title: `${componentName(plan.client)} authenticates as ${cert.subject}, which ${plan.identity.authority} does not accept`,
        detail: `${certLabel(cert, plan.clientCredential?.source)} authenticates as user "${cert.subjectCN ?? ""}" in groups [${cert.subjectO.join(", ")}]. For ${plan.identity.authority}, ${verdict.problem}.`,
        relationship: plan.id,
        relationshipKey: plan.key,
        files: [file],
        certificateIds: [cert.id],
        fix: verdict.fix,
      });
    }
    return findings;
  },
};
