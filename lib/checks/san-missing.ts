// "x509: certificate is valid for …, not <host>": a serving certificate must name every host its clients dial (k8s-pki-spec §1.3, §7 rows 2, 3, 9, 17).
import { layoutRenewal } from "../cluster/kubeadm-renew";
import type { CertificateRecord } from "../inventory";
import type { DialedName } from "../cluster/model";
import { coversHost as sanCoversHost } from "../pki/covers-host";
import type { Finding } from "../report";
import { certLabel } from "../engine/describe";
import { kubeadmConfigFile } from "../engine/kubeadm-config-file";
import type { Rule } from "../engine/rule";

/** Whether a certificate's SANs cover a dialed host; `<node IP>` stands for any IP the kubelet may have. */
export function coversHost(cert: CertificateRecord, host: string): boolean {
  if (host === "<node IP>") return cert.ipAddresses.length > 0;
  return sanCoversHost(cert, host);
}

function sanList(cert: CertificateRecord): string {
  const all = [...cert.dnsNames, ...cert.ipAddresses];
  return all.length ? all.join(", ") : "no names at all";
}

export const sanMissing: Rule = {
  codes: ["SAN_MISSING"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const wiring of ctx.model.wirings) {
      const cert = wiring.serverCredential?.cert;
      if (!cert || wiring.dialedNames.length === 0) continue;
      // A name an SNI certificate is served for, and covers, is not the default certificate's to cover.
      const bySni = (host: string) =>
        (wiring.sniCredentials ?? []).some(
          ({ credential, names }) =>
            credential.cert !== undefined &&
            (names.length === 0 || names.includes(host)) &&
            coversHost(credential.cert, host),
        );
      const missing = wiring.dialedNames.filter(
        (name: DialedName) => !coversHost(cert, name.host) && !bySni(name.host),
      );
      if (missing.length === 0) continue;
      const first = missing[0];
      const nodeIp = missing.some((m) => m.host === "<node IP>");
      const message = nodeIp
        ? `"x509: cannot validate certificate for <node IP> because it doesn't contain any IP SANs"`
        : `"x509: certificate is valid for ${sanList(cert)}, not ${first?.host ?? ""}"`;
      findings.push({
        code: "SAN_MISSING",
        severity: "error",
        title: `${cert.subjectCN ?? cert.subject} does not cover ${missing.map((m) => m.host).join(", ")}`,
        detail: `${certLabel(cert, wiring.serverCredential?.source)} names ${sanList(cert)}. Clients dial ${missing.map((m) => `${m.host} (${m.from})`).join("; ")}, which it does not cover, so they fail with ${message}.`,
        relationship: wiring.id,
        relationshipKey: wiring.key,
        files: [wiring.serverCredential?.certRef?.path ?? wiring.serverCredential?.source ?? ""],
        certificateIds: [cert.id],
        fix:
          layoutRenewal(ctx.model.layout.name, wiring.serverCredential?.certRef?.path ?? "") ??
          (wiring.id === "apiserver-serving"
            ? `Add the names to apiServer.certSANs in the kubeadm ClusterConfiguration, move apiserver.crt/.key away and run \`kubeadm init phase certs apiserver --config ${kubeadmConfigFile(ctx.inventory, wiring.serverCredential?.certRef?.path)}\`, then restart kube-apiserver.`
            : wiring.id.startsWith("etcd")
              ? "Add the addresses to etcd.local.serverCertSANs/peerCertSANs, move the old etcd certificate away and run `kubeadm init phase certs etcd-server` (or etcd-peer), then restart etcd."
              : "Give the kubelet a serving certificate that includes its IP (`serverTLSBootstrap: true` and approve the kubelet-serving CSRs), or drop --kubelet-certificate-authority."),
      });
    }
    return findings;
  },
};
