// A leaf that carries basicConstraints CA:TRUE: it signed nothing in the input and no configuration trusts it as a CA, but its key could sign certificates its issuer's trust would accept (k8s-pki-spec §1.4).
//
// OpenSSL 3's `openssl req -x509 -new -CA ca.crt -CAkey ca.key` with the system configuration adds
// the `v3_ca` section, so every leaf made that way says CA:TRUE. Go accepts such a certificate as a
// leaf, so nothing breaks: it is information, and the expiry rules judge it as the leaf it is
// (isLeafInPractice), never as a CA to rotate.
import type { Finding } from "../report";
import { attribution, certLabel, filesFirst, isLeafInPractice } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const caFlagUnused: Rule = {
  codes: ["CA_FLAG_UNUSED"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const cert of ctx.inventory.certificates) {
      if (!isLeafInPractice(ctx, cert)) continue;
      const issuer = ctx.issuers.get(cert.id);
      findings.push({
        code: "CA_FLAG_UNUSED",
        severity: "info",
        title: `${cert.subjectCN ?? cert.subject} carries CA:TRUE it does not need`,
        detail: `${certLabel(cert)} is marked as a CA (basicConstraints CA:TRUE), but it signed nothing in the input and no configuration trusts it as a CA: it is used as a leaf, issued by "${issuer?.subject ?? cert.issuer}", and judged as one. Whoever holds its key can issue certificates that chain to ${issuer?.subjectCN ?? "its issuer"}.`,
        ...attribution(ctx, cert),
        files: filesFirst(cert),
        certificateIds: [cert.id],
        fix: "When it is next renewed, issue it without CA:TRUE: with openssl, `-addext basicConstraints=critical,CA:FALSE` (or an extensions section that says so) instead of the default v3_ca section.",
      });
    }
    return findings;
  },
};
