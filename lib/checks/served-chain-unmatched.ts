// A served chain is matched to a component only by configured facts, the port its configuration names or the collector's metadata (k8s-pki-spec §7.1); one on a port nothing names is reported, never guessed.
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";
import { servedAddress, servedLabel } from "../served/describe-served";

export const servedChainUnmatched: Rule = {
  codes: ["SERVED_CHAIN_UNMATCHED"],
  scope: "input",
  run: (ctx) =>
    (ctx.served ?? []).flatMap((verdict): Finding[] => {
      const { record } = verdict;
      const leaf = record.certificates[0];
      if (record.outcome !== "ok" || !leaf) return [];
      if (verdict.component !== undefined && verdict.wiring?.serverCredential?.cert) return [];
      const address = servedAddress(record);
      const known = verdict.component !== undefined;
      return [
        {
          code: "SERVED_CHAIN_UNMATCHED",
          severity: "info",
          title: known
            ? `${address} is ${verdict.component}'s, but no serving certificate of it is configured to compare`
            : `${address} matches no component the configuration names`,
          detail: known
            ? `${record.source.path} holds what ${verdict.component} served, ${servedLabel(leaf)} (${verdict.because ?? ""}), and no file configured for it is in the input (a certificate it makes itself in memory has no file).`
            : `${record.source.path} holds ${servedLabel(leaf)} served on ${address}, and no configuration in the input names that port ` +
              `(kube-apiserver --secure-port, etcd --listen-client-urls or --listen-peer-urls, the kubelet's port, ` +
              `--secure-port of kube-controller-manager or kube-scheduler). It is not compared with any file.`,
          files: [record.source.path],
          fix: known
            ? `Nothing to do unless ${verdict.component} should serve a certificate of your CA: then give it --tls-cert-file.`
            : record.port === undefined
              ? "Keep the command line with the output (`openssl s_client -connect host:port -showcerts`), or drop the node's configuration with it, so the port names its component."
              : "Drop the node's configuration (manifests, units, config files) with it, so the port names its component.",
        },
      ];
    }),
};
