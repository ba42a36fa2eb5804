// A certificate of a role that lacks an extended key usage the policy requires for that role: a server presents serverAuth, a client clientAuth (k8s-pki-spec §4.1).
//
// EKU_MISSING says when Go refuses a certificate for what its relationship needs; this rule holds
// each role to the policy's list, explicitly, so an absent extension (any usage to Go) is reported too.
import type { Finding } from "../report";
import { certLabel } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { aboutCertificate, activePolicy, policySource, roleOf, selectedCertificates } from "./policy-scope";

export const policyEku: Rule = {
  codes: ["POLICY_EKU"],
  scope: "certificate",
  run: (ctx) => {
    const policy = activePolicy(ctx);
    const required = policy?.requiredEku;
    if (!policy || !required) return [];
    const findings: Finding[] = [];
    for (const cert of selectedCertificates(ctx, policy)) {
      const role = roleOf(ctx, cert);
      const wanted = role === undefined ? undefined : required[role];
      if (!role || !wanted) continue;
      const missing = wanted.filter((eku) => !cert.eku.includes(eku));
      if (missing.length === 0) continue;
      const has = cert.ekuPresent
        ? `carries ${cert.eku.join(", ") || "no usage"}`
        : "has no extendedKeyUsage extension";
      findings.push({
        code: "POLICY_EKU",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} (${role}) lacks ${missing.join(", ")}`,
        detail: `${certLabel(cert)} is the ${role} certificate and ${has}. The role requires ${wanted.join(", ")}, set by ${policySource(policy, `requiredEku.${role}`, `[${wanted.join(", ")}]`)}.`,
        ...aboutCertificate(ctx, cert),
        fix: `Reissue it with extendedKeyUsage ${wanted.join(", ")} (openssl: \`extendedKeyUsage = ${wanted.join(", ")}\` in the extension section; kubeadm sets it itself on what it issues: \`kubeadm certs renew\`).`,
      });
    }
    return findings;
  },
};
