// Renew before expiry: inside the warning window (default 30 days) or the last 10 % of the lifetime, as lib/expiry.ts judges it (kubeadm-certs docs; the kubelet rotates its own at 70–90 %, k8s-pki-spec §3.1).
//
// CA certificates are CA_EXPIRES_SOON's: a CA is rotated, not renewed, and needs a longer notice.
// The one exception is the CA of the kubelet's self-signed serving pair, which is judged here like
// the leaf it was made with (see kubelet-self-signed.ts), and reported with that leaf when both are due.
import type { CertificateRecord } from "../inventory";
import { isKubeletRotated, judgeExpiry, rotationWindow, type ExpiryJudgement } from "../expiry";
import type { Finding } from "../report";
import { layoutRenewal, renewCommand } from "../cluster/kubeadm-renew";
import {
  isLeafInPractice,
  attribution,
  certLabel,
  certPaths,
  formatDate,
  isSupersededRotation,
  issuedBy,
} from "../engine/describe";
import { isKubeletSelfSignedCA, KUBELET_SELF_SIGNED_FIX } from "../engine/kubelet-self-signed";
import { secretRenewal } from "../engine/secret-wording";
import type { CheckContext, Rule } from "../engine/rule";
import { expiryPhrase } from "../format/relative-time";

/** Why it is due: the window or the share of the lifetime left. */
function reason(ctx: CheckContext, cert: CertificateRecord, expiry: ExpiryJudgement): string {
  if (expiry.byDays) return `within the ${ctx.warnDays}-day warning window`;
  const lifetime = Date.parse(cert.notAfter) - Date.parse(cert.notBefore);
  const left = Date.parse(cert.notAfter) - ctx.now.getTime();
  return `only ${lifetime > 0 ? Math.round((left / lifetime) * 100) : 0}% of its lifetime is left`;
}

/** For a certificate the kubelet rotates: where rotation should have happened. */
function rotationNote(ctx: CheckContext, cert: CertificateRecord): string {
  const window = rotationWindow(cert);
  const span = `between 70 % and 90 % of its lifetime (${formatDate(window.start)} to ${formatDate(window.end)})`;
  return ctx.now.getTime() > Date.parse(window.end)
    ? ` The kubelet rotates this certificate itself ${span}, so it should already have been replaced.`
    : ` The kubelet rotates this certificate itself ${span}; if it is still this one after ${formatDate(window.end)}, rotation is not working.`;
}

/** The kubelet configuration file of the kubelet that uses `cert`, as the drop has it, or kubeadm's path. */
function kubeletConfigFile(ctx: CheckContext, cert: CertificateRecord): string {
  const kubelet = ctx.model.kubelets.find(
    (k) =>
      k.client?.cert?.id === cert.id ||
      k.rotatedClient?.cert?.id === cert.id ||
      k.serving?.cert?.id === cert.id,
  );
  return (
    kubelet?.configSource ?? "the kubelet's configuration file, /var/lib/kubelet/config.yaml under kubeadm"
  );
}

function fix(
  cert: CertificateRecord,
  paths: string[],
  selfSigned: boolean,
  layout: string,
  kubeletConfig: string,
): string {
  if (selfSigned) return KUBELET_SELF_SIGNED_FIX;
  const installer = layoutRenewal(layout, paths[0] ?? "");
  if (installer) return installer;
  if (paths.some((path) => /(^|\/)kubelet-server-[^/]*\.pem$/.test(path)))
    return (
      "Serving certificates rotate through CSRs of signer kubernetes.io/kubelet-serving, which nothing approves " +
      "automatically: look for Pending ones with `kubectl get csr` and approve them with " +
      "`kubectl certificate approve <name>`; check that the kubelet still has `serverTLSBootstrap: true`."
    );
  if (isKubeletRotated(paths))
    return (
      `Check that the kubelet runs with \`rotateCertificates: true\` (${kubeletConfig}) and look in its ` +
      "log for rotation errors; a Pending CSR (`kubectl get csr`) means nobody approved it: " +
      "`kubectl certificate approve <name>`. The kubelet switches kubelet-client-current.pem to the new certificate itself."
    );
  const inSecret = secretRenewal(cert);
  if (inSecret) return inSecret;
  const renew = renewCommand(paths[0] ?? "");
  return renew
    ? `\`${renew}\` (or \`kubeadm certs renew all\`), then restart the control-plane static pods.`
    : `Renew it from the same CA before ${formatDate(cert.notAfter)}, and restart the component that uses it.`;
}

export const certExpiresSoon: Rule = {
  codes: ["CERT_EXPIRES_SOON"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    const due = (cert: CertificateRecord) => judgeExpiry(cert, ctx.now, ctx).state === "soon";
    for (const cert of ctx.inventory.certificates) {
      const selfSignedCA = isKubeletSelfSignedCA(cert);
      if (cert.isCA && !selfSignedCA && !isLeafInPractice(ctx, cert)) continue;
      const expiry = judgeExpiry(cert, ctx.now, ctx);
      if (expiry.state !== "soon") continue;
      // Rotation leaves the kubelet's old certificates behind; the current one is judged instead.
      if (isSupersededRotation(ctx, cert)) continue;
      // The kubelet's throwaway CA speaks through its leaf when that leaf is due too.
      if (selfSignedCA && issuedBy(ctx, cert).some(due)) continue;
      const issuer = ctx.issuers.get(cert.id);
      const pairCA =
        !cert.isCA && issuer && isKubeletSelfSignedCA(issuer) && due(issuer) ? issuer : undefined;
      const paths = certPaths(cert);
      const days = expiry.daysLeft;
      const withCA = pairCA
        ? ` Its self-signed CA ${certLabel(pairCA)} expires with it, ${formatDate(pairCA.notAfter)}.`
        : "";
      findings.push({
        code: "CERT_EXPIRES_SOON",
        severity: "warning",
        title: `${cert.subjectCN ?? cert.subject} ${expiryPhrase(ctx.now.toISOString(), cert.notAfter)}`,
        detail:
          `${certLabel(cert)} expires ${formatDate(cert.notAfter)}, ${days} days from ${formatDate(ctx.now.toISOString())} — ${reason(ctx, cert, expiry)}.` +
          withCA +
          (isKubeletRotated(paths) ? rotationNote(ctx, cert) : ""),
        ...attribution(ctx, cert),
        files: paths,
        certificateIds: pairCA ? [cert.id, pairCA.id] : [cert.id],
        fix: fix(
          cert,
          paths,
          selfSignedCA || (issuer !== undefined && isKubeletSelfSignedCA(issuer)),
          ctx.model.layout.name,
          kubeletConfigFile(ctx, cert),
        ),
      });
    }
    return findings;
  },
};
