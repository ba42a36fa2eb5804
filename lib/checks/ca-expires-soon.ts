// A CA is rotated, not renewed: `kubeadm certs renew` re-issues what a CA signed but never the CA itself (k8s-pki-spec §1.4; https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/).
//
// So a CA is reported a whole horizon ahead (`caHorizonDays`, default 365), or earlier when the
// expiry thresholds already call it due (10 % of ten years is a year as well). The kubelet's
// self-signed serving CA is left to CERT_EXPIRES_SOON: it lives one year by design, so it is always
// inside the horizon, and it is never rotated as a CA — the kubelet makes a new pair when the files
// are gone. Judged here, every healthy kubeadm node would warn from its first day. A CA:TRUE leaf
// (one that signed nothing and that nothing trusts as a CA) is judged as the leaf it is, too; so is a
// CA its operator rotates by itself (OpenShift's signers, engine/operator-rotated.ts), by the
// thresholds alone.
//
// A CA seen only in Secrets is judged by the thresholds alone (30 days or the last 10 % of its
// life), not the horizon: those CAs are made and re-made by the controller that keeps the Secret —
// cert-manager's CA Certificates (90 days by default, renewed at two thirds), a webhook's
// self-signed CA — or are a public intermediate served with a leaf and replaced with it. A year's
// notice would warn on every healthy cluster; a ten-year CA kept in a Secret by hand is still
// reported a year ahead, by the 10 % rule.
import type { CertificateRecord } from "../inventory";
import { DAY_MS, judgeExpiry } from "../expiry";
import type { Finding } from "../report";
import {
  attribution,
  certLabel,
  filesFirst,
  formatDate,
  isLeafInPractice,
  issuedBy,
  onlyInSecrets,
} from "../engine/describe";
import { isKubeletSelfSignedCA } from "../engine/kubelet-self-signed";
import { isOperatorRotated } from "../engine/operator-rotated";
import type { CheckContext, Rule } from "../engine/rule";
import { expiryPhrase } from "../format/relative-time";

/** How many certificates quoted by name before "and N more". */
const LISTED = 4;

/** Relationship keys that use the CA or a certificate it issued, in the model's order. */
function dependents(ctx: CheckContext, ca: CertificateRecord, issued: CertificateRecord[]): string[] {
  const ids = new Set([ca.id, ...issued.map((cert) => cert.id)]);
  return ctx.model.wirings
    .filter((wiring) => [...ids].some((id) => ctx.usage.get(id)?.includes(wiring)))
    .map((wiring) => wiring.key);
}

function issuedText(issued: CertificateRecord[]): string {
  if (issued.length === 0) return "It issued no other certificate in the input.";
  const named = issued.slice(0, LISTED).map((cert) => certLabel(cert));
  const more = issued.length > LISTED ? ` and ${issued.length - LISTED} more` : "";
  const count = `${issued.length} certificate${issued.length === 1 ? "" : "s"}`;
  return `It issued ${count} in the input: ${named.join(", ")}${more}.`;
}

export const caExpiresSoon: Rule = {
  codes: ["CA_EXPIRES_SOON"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    const now = ctx.now.getTime();
    for (const cert of ctx.inventory.certificates) {
      if (!cert.isCA || isKubeletSelfSignedCA(cert) || isLeafInPractice(ctx, cert)) continue;
      const expiry = judgeExpiry(cert, ctx.now, ctx);
      if (expiry.state !== "ok" && expiry.state !== "soon") continue;
      const withinHorizon =
        !onlyInSecrets(cert) &&
        !isOperatorRotated(ctx, cert) &&
        Date.parse(cert.notAfter) - now <= ctx.caHorizonDays * DAY_MS;
      if (!withinHorizon && expiry.state !== "soon") continue;
      const issued = issuedBy(ctx, cert);
      const relationships = dependents(ctx, cert, issued);
      const days = expiry.daysLeft;
      const [path, ...others] = filesFirst(cert);
      const where = others.length > 0 ? `, also in ${others.join(", ")},` : "";
      const lifetime = Date.parse(cert.notAfter) - Date.parse(cert.notBefore);
      const why = withinHorizon
        ? `inside the ${ctx.caHorizonDays}-day CA horizon`
        : `only ${Math.round(((Date.parse(cert.notAfter) - now) / lifetime) * 100)}% of its lifetime is left`;
      const count = relationships.length;
      findings.push({
        code: "CA_EXPIRES_SOON",
        severity: "warning",
        title: `CA ${cert.subjectCN ?? cert.subject} ${expiryPhrase(ctx.now.toISOString(), cert.notAfter)}`,
        detail:
          `The CA ${certLabel(cert, path)}${where} expires ${formatDate(cert.notAfter)}, ${days} days from ${formatDate(ctx.now.toISOString())} — ${why}. ` +
          `${issuedText(issued)} ` +
          (count > 0
            ? `${count} relationship${count === 1 ? "" : "s"} depend${count === 1 ? "s" : ""} on it (${relationships.join(", ")}): when it expires, every certificate it signed stops verifying at once, renewed or not.`
            : "No relationship in the input depends on it."),
        ...attribution(ctx, cert),
        files: filesFirst(cert),
        certificateIds: [cert.id],
        fix:
          "Plan a CA rotation now: https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/ — " +
          "`kubeadm certs renew` renews the certificates a CA signed, never the CA itself. Distribute the new CA " +
          "next to the old one in every trust bundle and kubeconfig, re-issue the certificates from it, then drop the old CA.",
      });
    }
    return findings;
  },
};
