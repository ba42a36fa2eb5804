// kubeadm's own warnings on ClusterConfiguration (v1beta4): certificateValidityPeriod over 8760h and caCertificateValidityPeriod over 87600h are "more than the recommended default" (ValidateCertValidity in cmd/kubeadm/app/apis/kubeadm/validation, k8s-pki-spec §1.4); a leaf period longer than the CA period makes leaves that outlive their CA.
import type { KubeadmConfigRecord } from "../inventory";
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";
import { KUBEADM_CA_PERIOD_MS, KUBEADM_LEAF_PERIOD_MS } from "../policy/default-policy";
import { parseGoDuration } from "../policy/go-duration";

function warn(config: KubeadmConfigRecord, title: string, detail: string, fix: string): Finding {
  return {
    code: "KUBEADM_VALIDITY_PERIOD",
    severity: "warning",
    title,
    detail,
    files: [config.source.path],
    fix,
  };
}

export const kubeadmValidityPeriod: Rule = {
  codes: ["KUBEADM_VALIDITY_PERIOD"],
  scope: "input",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const config of ctx.inventory.kubeadmConfigs) {
      const path = config.source.path;
      const leafText = config.certificateValidityPeriod;
      const caText = config.caCertificateValidityPeriod;
      const leaf = leafText === undefined ? undefined : parseGoDuration(leafText);
      const ca = caText === undefined ? undefined : parseGoDuration(caText);
      if (leafText !== undefined && leaf !== undefined && leaf > KUBEADM_LEAF_PERIOD_MS)
        findings.push(
          warn(
            config,
            `certificateValidityPeriod ${leafText} is longer than kubeadm's 8760h`,
            `${path} sets ClusterConfiguration certificateValidityPeriod: ${leafText}; kubeadm warns that this is more than the recommended default for certificate expiration, 8760h0m0s (one year). Every leaf kubeadm issues or renews from this configuration lives that long.`,
            `Set certificateValidityPeriod to 8760h or less in ${path}, upload it (\`kubeadm init phase upload-config kubeadm --config ${path}\`) and renew (\`kubeadm certs renew all --config ${path}\`).`,
          ),
        );
      if (caText !== undefined && ca !== undefined && ca > KUBEADM_CA_PERIOD_MS)
        findings.push(
          warn(
            config,
            `caCertificateValidityPeriod ${caText} is longer than kubeadm's 87600h`,
            `${path} sets ClusterConfiguration caCertificateValidityPeriod: ${caText}; kubeadm warns that this is more than the recommended default for CA certificate expiration, 87600h0m0s (ten years).`,
            `Set caCertificateValidityPeriod to 87600h or less in ${path}; it applies to CAs made from now on (a CA is rotated, not renewed).`,
          ),
        );
      const caPeriod = ca ?? KUBEADM_CA_PERIOD_MS;
      if (leafText !== undefined && leaf !== undefined && leaf > caPeriod)
        findings.push(
          warn(
            config,
            `certificateValidityPeriod ${leafText} is longer than the CA's ${caText ?? "87600h (kubeadm's default)"}`,
            `${path} sets certificateValidityPeriod: ${leafText}, longer than the CA period ${caText ?? "87600h0m0s (kubeadm's default)"}: a leaf would be valid past its CA's notAfter and stop working when the CA expires (CERT_OUTLIVES_ISSUER).`,
            `Make certificateValidityPeriod shorter than caCertificateValidityPeriod in ${path}.`,
          ),
        );
    }
    return findings;
  },
};
