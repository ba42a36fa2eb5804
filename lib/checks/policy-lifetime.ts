/**
 * The lifetime half of the policy, shared by POLICY_LEAF_LIFETIME and POLICY_CA_LIFETIME: a
 * certificate the policy selects that lives (notAfter − notBefore) longer than the limit, by more
 * than the tolerance for backdating (policy.ts LIFETIME_TOLERANCE_MS; kubeadm backdates notBefore
 * by 5 minutes, k8s-pki-spec §1.4). Not a rule.
 */
import type { Finding, FindingCode } from "../report";
import { certLabel, formatDate, isLeafInPractice } from "../engine/describe";
import type { CheckContext } from "../engine/rule";
import { LIFETIME_TOLERANCE_MS } from "../policy/policy";
import {
  aboutCertificate,
  activePolicy,
  formatDays,
  judgedAsCA,
  lifetimeLimit,
  lifetimeOf,
  reissueFix,
  selectedCertificates,
} from "./policy-scope";

/** Findings for every selected leaf (`leaf`) or CA (`ca`) that outlives the policy's limit. */
export function lifetimeFindings(ctx: CheckContext, kind: "leaf" | "ca", code: FindingCode): Finding[] {
  const policy = activePolicy(ctx);
  if (!policy) return [];
  const limit = lifetimeLimit(ctx, policy, kind);
  if (!limit) return [];
  const findings: Finding[] = [];
  for (const cert of selectedCertificates(ctx, policy)) {
    const isCA = judgedAsCA(ctx, cert, cert.isCA && isLeafInPractice(ctx, cert));
    if (isCA !== (kind === "ca")) continue;
    const lifetime = lifetimeOf(cert);
    if (lifetime <= limit.ms + LIFETIME_TOLERANCE_MS) continue;
    // kubeadm's default speaks once: a leaf that outlives its CA is CERT_OUTLIVES_ISSUER's, whose fix
    // names the same certificateValidityPeriod. A policy the user gave reports it as its own.
    const issuer = ctx.issuers.get(cert.id);
    const outlives =
      issuer && issuer.id !== cert.id && Date.parse(cert.notAfter) > Date.parse(issuer.notAfter);
    if (policy.origin === "built-in" && outlives) continue;
    const what = kind === "ca" ? "CA" : "certificate";
    findings.push({
      code,
      severity: "warning",
      title: `${cert.subjectCN ?? cert.subject} lives ${formatDays(lifetime)}, over the ${formatDays(limit.ms)} allowed`,
      detail:
        `${certLabel(cert)} is valid from ${formatDate(cert.notBefore)} to ${formatDate(cert.notAfter)}: ${formatDays(lifetime)}. ` +
        `The limit for a ${what} is ${formatDays(limit.ms)}, set by ${limit.source}.`,
      ...aboutCertificate(ctx, cert),
      fix: reissueFix(ctx, cert, limit.ms),
    });
  }
  return findings;
}
