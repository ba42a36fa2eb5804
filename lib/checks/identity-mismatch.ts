// The x509 authenticator maps CN → user and O → groups; authorizers need exact names (k8s-pki-spec §4.1, §5.1, §7 rows 10, 11, 14, 15).
import type { Finding } from "../report";
import { certLabel } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { labelOfId } from "../shared/node-label";

export const identityMismatch: Rule = {
  codes: ["IDENTITY_MISMATCH"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const wiring of ctx.model.wirings) {
      const cert = wiring.clientCredential?.cert;
      if (!cert || !wiring.identity) continue;
      const verdict = wiring.identity.check(cert.subjectCN, cert.subjectO);
      if (!verdict) continue;
      const file =
        wiring.clientCredential?.certRef?.path ??
        wiring.clientCredential?.kubeconfig?.source.path ??
        wiring.clientCredential?.source ??
        "";
      findings.push({
        code: "IDENTITY_MISMATCH",
        severity: verdict.severity,
        title: `${labelOfId(wiring.client)} authenticates as ${cert.subject}, which ${wiring.identity.authority} does not accept`,
        detail: `${certLabel(cert, wiring.clientCredential?.source)} authenticates as user "${cert.subjectCN ?? ""}" in groups [${cert.subjectO.join(", ")}]. For ${wiring.identity.authority}, ${verdict.problem}.`,
        relationship: wiring.id,
        relationshipKey: wiring.key,
        files: [file],
        certificateIds: [cert.id],
        fix: verdict.fix,
      });
    }
    return findings;
  },
};
