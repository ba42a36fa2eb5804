// Same issuer name, different key: "x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" ...)" (k8s-pki-spec §7 row 1).
import type { Finding } from "../report";
import { chainFix, verifierName } from "../engine/chain-wording";
import { credentialFile, wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const chainBadSignature: Rule = {
  codes: ["CHAIN_BAD_SIGNATURE"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const v of ctx.verifications) {
      if (v.outcome.verdict !== "bad-signature" || v.bundle.fromKubeconfig || !v.credential.cert) continue;
      const dedupe = `${v.wiring.key}|${v.credential.cert.id}|${v.bundle.source}`;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      const cert = v.credential.cert;
      const impostor = v.outcome.impostor;
      findings.push({
        code: "CHAIN_BAD_SIGNATURE",
        severity: "error",
        title: `${cert.subjectCN ?? cert.subject} was signed by a different "${cert.issuerCN ?? cert.issuer}" CA`,
        detail: `${v.credential.source} presents "${cert.subject}", issued by "${cert.issuer}". ${verifierName(v)} holds a CA with that name${impostor ? ` (serial ${impostor.serial})` : ""}, but its key does not verify the signature: the certificate comes from an older or other CA of the same name — typical after \`kubeadm reset\`/re-init or a CA rotation. Clients see "${v.outcome.message ?? "x509: certificate signed by unknown authority"}".`,
        ...wiringRef(v.wiring),
        files: [credentialFile(v.credential), v.bundle.source],
        certificateIds: [cert.id, ...(impostor ? [impostor.id] : [])],
        fix: chainFix(v, ctx.model.layout.name),
      });
    }
    return findings;
  },
};
