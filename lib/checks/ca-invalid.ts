// A trust anchor must be a CA: kubeadm fails with `certificate "<name>" is not a CA`, Go with "x509: certificate signed by unknown authority" (k8s-pki-spec §1.1).
import type { Finding } from "../report";
import { attribution, certLabel, certPaths } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const caInvalid: Rule = {
  codes: ["CA_INVALID"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const v of ctx.verifications) {
      const anchor = v.outcome.anchor;
      if (v.outcome.verdict !== "anchor-not-ca" || !anchor || seen.has(anchor.id)) continue;
      seen.add(anchor.id);
      const lacks = [
        ...(anchor.basicConstraintsPresent && anchor.isCA ? [] : ["basicConstraints CA:TRUE"]),
        ...(anchor.keyUsagePresent && !anchor.keyUsage.includes("keyCertSign")
          ? ["keyUsage keyCertSign"]
          : []),
      ];
      findings.push({
        code: "CA_INVALID",
        severity: "error",
        title: `${anchor.subjectCN ?? anchor.subject} is used as a CA but is not one`,
        detail: `${certLabel(anchor)} is the trust anchor of ${v.bundle.source} and signed ${v.credential.source}, but lacks ${lacks.join(" and ")}. TLS refuses to chain through it, so everything it signed is untrusted.`,
        ...attribution(ctx, anchor),
        relationship: v.wiring.id,
        relationshipKey: v.wiring.key,
        files: certPaths(anchor),
        certificateIds: [anchor.id],
        // An anchor only by the bundle that names it: the fault rests on that wiring's facts.
        ...(v.wiring.evidence ? { evidence: v.wiring.evidence } : {}),
        fix: "Regenerate the CA with `basicConstraints=critical,CA:TRUE` and `keyUsage=critical,keyCertSign,cRLSign,digitalSignature` (kubeadm: `kubeadm init phase certs <ca>`), then reissue the certificates it signs.",
      });
    }
    return findings;
  },
};
