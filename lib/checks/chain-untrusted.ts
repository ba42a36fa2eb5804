// "x509: certificate signed by unknown authority": the verifier's configured CA does not issue the presented certificate (k8s-pki-spec §4.2, §7 rows 1, 6).
import type { Finding } from "../report";
import { chainFix, verifierName } from "../engine/chain-wording";
import { credentialFile, wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const chainUntrusted: Rule = {
  codes: ["CHAIN_UNTRUSTED"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const v of ctx.verifications) {
      if (v.outcome.verdict !== "untrusted" || v.bundle.fromKubeconfig || !v.credential.cert) continue;
      const dedupe = `${v.wiring.key}|${v.credential.cert.id}|${v.bundle.source}`;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      const cert = v.credential.cert;
      findings.push({
        code: "CHAIN_UNTRUSTED",
        severity: "error",
        title: `${cert.subjectCN ?? cert.subject} is not trusted by ${v.verifier === "server" ? v.wiring.server : v.wiring.client}`,
        detail: `${v.credential.source} presents "${cert.subject}", issued by "${cert.issuer}"; ${verifierName(v)} does not verify it: ${v.outcome.reason}. The connection fails with "x509: certificate signed by unknown authority".`,
        ...wiringRef(v.wiring),
        files: [credentialFile(v.credential), v.bundle.source],
        certificateIds: [cert.id],
        fix: chainFix(v, ctx.model.layout.name),
      });
    }
    return findings;
  },
};
