// Without --requestheader-allowed-names any certificate from the request-header CA may act as the front proxy and claim any user (k8s-pki-spec §5.4, §7 row 14, §8 item 11).
import { flagValue } from "../cluster/flags";
import type { Finding } from "../report";
import { wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const requestheaderAllowedNamesUnset: Rule = {
  codes: ["REQUESTHEADER_ALLOWED_NAMES_UNSET"],
  scope: "relationship",
  run: (ctx) => {
    const apiserver = ctx.model.apiserver;
    // kubeadm's conventional flags always set the list; only a dropped manifest can leave it out.
    if (!apiserver || apiserver.origin === "convention" || !apiserver.source) return [];
    const caFile = flagValue(apiserver.flags, "requestheader-client-ca-file");
    if (!caFile || apiserver.flags["requestheader-allowed-names"] !== undefined) return [];
    const wiring = ctx.model.wirings.find((p) => p.id === "front-proxy-client");
    const ca = wiring?.serverVerifiers[0]?.certs[0];
    const clusterCA = ctx.model.clientCA?.certs ?? [];
    const sharedWithClientCA =
      !!ca && clusterCA.some((c) => c.publicKey.canonical === ca.publicKey.canonical);
    const proxyCN = wiring?.clientCredential?.cert?.subjectCN ?? "front-proxy-client";
    const finding: Finding = {
      code: "REQUESTHEADER_ALLOWED_NAMES_UNSET",
      severity: "warning",
      title: "kube-apiserver accepts any request-header client certificate as the front proxy",
      detail:
        `${apiserver.source} sets --requestheader-client-ca-file=${caFile} but no --requestheader-allowed-names. ` +
        `Any client certificate signed by ${ca ? `"${ca.subject}"` : caFile} may then send X-Remote-User/X-Remote-Group headers and be taken for whichever user and groups it names, system:masters included.` +
        (sharedWithClientCA
          ? ` That CA is also --client-ca-file, so every kubelet and user certificate of the cluster qualifies.`
          : ""),
      ...(wiring ? wiringRef(wiring) : { relationship: "front-proxy-client" as const }),
      files: [apiserver.source],
      fix: `Add \`--requestheader-allowed-names=${proxyCN}\` (the CN of --proxy-client-cert-file; kubeadm sets front-proxy-client) to ${apiserver.source}.`,
    };
    return [finding];
  },
};
