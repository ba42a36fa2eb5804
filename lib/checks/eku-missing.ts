// "x509: certificate specifies an incompatible key usage": serving certs need serverAuth, client certs clientAuth, etcd server/peer both (k8s-pki-spec §7 rows 7, 8).
import type { Finding } from "../report";
import { attribution, certLabel } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const ekuMissing: Rule = {
  codes: ["EKU_MISSING"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const wiring of ctx.model.wirings) {
      const sides = [
        { credential: wiring.clientCredential, required: wiring.clientEku, role: "client" },
        { credential: wiring.serverCredential, required: wiring.serverEku, role: "serving" },
      ];
      for (const { credential, required, role } of sides) {
        const cert = credential?.cert;
        // An EKU extension that lists nothing is any usage to Go (checkChainForKeyUsage).
        if (!cert || !cert.ekuPresent || cert.eku.length === 0 || required.length === 0) continue;
        const lacking = required.filter(
          (eku) => !cert.eku.includes(eku) && !cert.eku.includes("anyExtendedKeyUsage"),
        );
        const dedupe = `${cert.id}|${lacking.join(",")}`;
        if (lacking.length === 0 || seen.has(dedupe)) continue;
        seen.add(dedupe);
        const etcd = wiring.id.startsWith("etcd") && required.length === 2;
        findings.push({
          code: "EKU_MISSING",
          severity: "error",
          title: `${cert.subjectCN ?? cert.subject} lacks ${lacking.join(" and ")}`,
          detail: `${certLabel(cert, credential?.source)} is used as ${etcd ? "an etcd server/peer certificate, which etcd also uses as a client" : `a ${role} certificate`} in ${wiring.id}, but its extended key usage is ${cert.eku.join(", ")}, without ${lacking.join(" and ")}. The peer rejects it with "x509: certificate specifies an incompatible key usage".`,
          ...attribution(ctx, cert),
          relationship: wiring.id,
          relationshipKey: wiring.key,
          files: [credential?.certRef?.path ?? credential?.source ?? ""],
          certificateIds: [cert.id],
          fix: `Reissue it with extendedKeyUsage=${required.join(",")} (kubeadm: \`kubeadm certs renew <name>\` rebuilds the usages).`,
        });
      }
    }
    return findings;
  },
};
