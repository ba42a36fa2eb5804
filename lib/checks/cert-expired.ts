// Go rejects a certificate outside its validity: "x509: certificate has expired or is not yet valid" (k8s-pki-spec §7 row 4).
//
// The CA of the kubelet's self-signed serving pair (the second block of kubelet.crt, made with the
// leaf and expiring with it) is part of that certificate: when both have expired, one finding about
// kubelet.crt names both, and the fix is the kubelet's, not a CA rotation.
import type { CertificateRecord } from "../inventory";
import type { KubeletInstance } from "../cluster/model";
import type { Finding } from "../report";
import { layoutRenewal, renewCommand } from "../cluster/kubeadm-renew";
import {
  attribution,
  certLabel,
  certPaths,
  formatDate,
  isSupersededRotation,
  issuedBy,
  isUsed,
} from "../engine/describe";
import { isKubeletSelfSignedCA, KUBELET_SELF_SIGNED_FIX } from "../engine/kubelet-self-signed";
import { secretRenewal, secretUse } from "../engine/secret-wording";
import type { CheckContext, Rule } from "../engine/rule";
import { expiryPhrase } from "../format/relative-time";

/** Whether the drop shows what uses what: a recognised layout, or a component's configuration. */
function knowsUse(ctx: CheckContext): boolean {
  const { model } = ctx;
  if (model.layout.recognised) return true;
  return [model.apiserver, model.controllerManager, model.scheduler, model.etcd].some(
    (config) => config !== undefined && config.origin !== "convention",
  );
}

/** The kubelet whose kubeconfig embeds `cert` while a valid rotated certificate is in the drop. */
function rotatedAway(ctx: CheckContext, cert: CertificateRecord): KubeletInstance | undefined {
  return ctx.model.kubelets.find(
    (kubelet) =>
      kubelet.client?.cert?.id === cert.id &&
      kubelet.rotatedClient?.cert &&
      Date.parse(kubelet.rotatedClient.cert.notAfter) > ctx.now.getTime(),
  );
}

/**
 * kubernetes#71825: kubelet.conf embeds the first client certificate, which expired, while the
 * kubelet rotated a valid one into kubelet-client-current.pem. Nothing needs issuing: kubelet.conf
 * must point at the rotated file (kubeadm's troubleshooting guide, "Kubelet client certificate
 * rotation fails").
 */
function repointFix(kubelet: KubeletInstance): string {
  const kubeconfig = kubelet.kubeconfig?.source.path ?? "kubelet.conf";
  const current = kubelet.rotatedClient?.source ?? "kubelet-client-current.pem";
  const until = kubelet.rotatedClient?.cert
    ? `, valid until ${formatDate(kubelet.rotatedClient.cert.notAfter)}`
    : "";
  return `The kubelet already rotated its certificate (${current}${until}); ${kubeconfig} still embeds the first one. In /etc/kubernetes/kubelet.conf on ${kubelet.node}, replace client-certificate-data and client-key-data with \`client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem\` and \`client-key: /var/lib/kubelet/pki/kubelet-client-current.pem\`, then \`systemctl restart kubelet\` (https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/troubleshooting-kubeadm/#kubelet-client-cert).`;
}

/**
 * The credential that sends `cert` beside its leaf, when no verified path passes through it: an
 * expired cross-certificate kept in a bundle file is harmless to Go, which builds the path that
 * works (k8s-pki-spec §7 row 4: the error only names certificates of the path).
 */
function sentBeside(ctx: CheckContext, cert: CertificateRecord): string | undefined {
  for (const wiring of ctx.model.wirings)
    for (const credential of [wiring.clientCredential, wiring.serverCredential])
      if (credential?.chain.some((c) => c.id === cert.id)) return credential.source;
  return undefined;
}

export const certExpired: Rule = {
  codes: ["CERT_EXPIRED"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    const expired = (cert: CertificateRecord) => Date.parse(cert.notAfter) < ctx.now.getTime();
    for (const cert of ctx.inventory.certificates) {
      const notAfter = Date.parse(cert.notAfter);
      if (notAfter >= ctx.now.getTime()) continue;
      // Rotation leaves the kubelet's old certificates behind; the current one is judged instead.
      if (isSupersededRotation(ctx, cert)) continue;
      const selfSignedCA = isKubeletSelfSignedCA(cert);
      // The kubelet's throwaway CA speaks through its leaf when that leaf has expired too.
      if (selfSignedCA && issuedBy(ctx, cert).some(expired)) continue;
      const issuer = ctx.issuers.get(cert.id);
      const pairCA =
        !cert.isCA && issuer && isKubeletSelfSignedCA(issuer) && expired(issuer) ? issuer : undefined;
      // Only a recognised layout or dropped configuration can say a certificate is unused.
      const used = isUsed(ctx, cert) || !knowsUse(ctx);
      const rotated = rotatedAway(ctx, cert);
      const beside = used ? undefined : sentBeside(ctx, cert);
      const paths = certPaths(cert);
      const renew = renewCommand(paths[0] ?? "");
      const installer = layoutRenewal(ctx.model.layout.name, paths[0] ?? "");
      findings.push({
        code: "CERT_EXPIRED",
        severity: used ? "error" : "warning",
        title: `${cert.subjectCN ?? cert.subject} ${expiryPhrase(ctx.now.toISOString(), cert.notAfter)}`,
        detail:
          `${certLabel(cert)} was valid until ${formatDate(cert.notAfter)}; it is now ${formatDate(ctx.now.toISOString())}. ` +
          (used
            ? `Connections that present or trust it fail with "x509: certificate has expired or is not yet valid".`
            : beside
              ? `${beside} sends it with its certificate, but every verifier finds a valid path that does not pass through it, so no connection fails; it is reported as a warning: remove it from ${beside}.`
              : (secretUse(cert) ??
                "No configuration in the input uses it, so it is reported as a warning: delete it or renew it if something outside the input still reads it.")) +
          (pairCA ? ` Its self-signed CA ${certLabel(pairCA)}, written with it, expired with it.` : ""),
        ...attribution(ctx, cert),
        files: paths,
        certificateIds: pairCA ? [cert.id, pairCA.id] : [cert.id],
        fix: beside
          ? `Remove ${certLabel(cert)} from ${beside}: keep the certificate and only the intermediates a verifier needs.`
          : rotated
            ? repointFix(rotated)
            : selfSignedCA || pairCA
              ? KUBELET_SELF_SIGNED_FIX
              : (secretRenewal(cert) ??
                (cert.isCA
                  ? "A CA cannot be renewed in place: plan a CA rotation (https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/)."
                  : installer
                    ? installer
                    : renew
                      ? `\`${renew}\`, then restart the components that use it (move the static-pod manifest out of /etc/kubernetes/manifests and back).`
                      : "Issue a new certificate with the same subject and SANs from the same CA, and restart the component that uses it.")),
      });
    }
    return findings;
  },
};
