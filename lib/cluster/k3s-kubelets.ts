/**
 * k3s and RKE2 agents start the kubelet with flags, not a config file (pkg/daemons/agent/agent.go:
 * --client-ca-file=<agent>/client-ca.crt, --tls-cert-file=<agent>/serving-kubelet.crt, --kubeconfig=
 * <agent>/kubelet.kubeconfig). Each agent folder with a kubelet.kubeconfig therefore implies the
 * configuration a kubeadm kubelet keeps in config.yaml, so the kubelet's serving side is judged too.
 */
import { dirname } from "../ingest/resolve-path";
import type { Inventory, KubeletConfigRecord } from "../inventory";
import type { LayoutName } from "../report";

const AGENT_KUBECONFIG = /(^|\/)var\/lib\/rancher\/(k3s|rke2)\/agent\/kubelet\.kubeconfig$/;

/** The kubelet configuration each k3s/RKE2 agent folder implies; none for other layouts. */
export function impliedKubeletConfigs(inventory: Inventory, layout: LayoutName): KubeletConfigRecord[] {
  if (layout !== "k3s" && layout !== "rke2") return [];
  return inventory.kubeconfigs
    .map((kc) => kc.source.path)
    .filter((path) => AGENT_KUBECONFIG.test(path))
    .map((path) => {
      const agent = `/var/lib/rancher/${path.match(AGENT_KUBECONFIG)?.[2] ?? layout}/agent`;
      return {
        // Named after the kubeconfig, so the flags' paths resolve inside this node's folder first.
        source: { path, locator: `kubelet flags of the ${layout} agent (${dirname(path)})` },
        clientCAFile: `${agent}/client-ca.crt`,
        tlsCertFile: `${agent}/serving-kubelet.crt`,
        tlsPrivateKeyFile: `${agent}/serving-kubelet.key`,
      };
    });
}
