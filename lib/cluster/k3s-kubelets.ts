/**
 * k3s and RKE2 agents start the kubelet with flags, not a config file (pkg/daemons/agent/agent.go:
 * --client-ca-file=<agent>/client-ca.crt, --tls-cert-file=<agent>/serving-kubelet.crt, --kubeconfig=
 * <agent>/kubelet.kubeconfig). Each agent folder with a kubelet.kubeconfig therefore implies the
 * configuration a kubeadm kubelet keeps in config.yaml, so the kubelet's serving side is judged too.
 */
import { dirname } from "../ingest/resolve-path";
import type { Inventory, KubeletConfigRecord } from "../inventory";
import type { LayoutName } from "../report";
import { RKE1_KUBELET } from "./rke1-defaults";
import { flagValue } from "./flags";

const AGENT_KUBECONFIG = /(^|\/)var\/lib\/rancher\/(k3s|rke2)\/agent\/kubelet\.kubeconfig$/;

/**
 * The kubelet configuration the kubelet's own flags state (--client-ca-file, --tls-cert-file in a
 * unit, kubeadm-flags.env or MicroK8s's args/kubelet), then what each k3s/RKE2 agent folder or
 * RKE1 node implies.
 */
export function impliedKubeletConfigs(inventory: Inventory, layout: LayoutName): KubeletConfigRecord[] {
  return [...flagKubeletConfigs(inventory), ...layoutKubeletConfigs(inventory, layout)];
}

/** Command-line flags override the kubelet's config file: each flag file that sets them is a config. */
function flagKubeletConfigs(inventory: Inventory): KubeletConfigRecord[] {
  const configs: KubeletConfigRecord[] = [];
  for (const record of inventory.kubeadmFlags) {
    const clientCAFile = flagValue(record.flags, "client-ca-file");
    const tlsCertFile = flagValue(record.flags, "tls-cert-file");
    const tlsPrivateKeyFile = flagValue(record.flags, "tls-private-key-file");
    if (!clientCAFile && !tlsCertFile) continue;
    configs.push({
      source: { path: record.source.path },
      ...(clientCAFile ? { clientCAFile } : {}),
      ...(tlsCertFile ? { tlsCertFile } : {}),
      ...(tlsPrivateKeyFile ? { tlsPrivateKeyFile } : {}),
    });
  }
  return configs;
}

function layoutKubeletConfigs(inventory: Inventory, layout: LayoutName): KubeletConfigRecord[] {
  if (layout === "rke1") return rke1KubeletConfigs(inventory);
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

const RKE1_NODE_KUBECONFIG = /(^|\/)etc\/kubernetes\/ssl\/kubecfg-kube-node\.yaml$/;

/** RKE1 gives each kubelet container --client-ca-file=/etc/kubernetes/ssl/kube-ca.pem (cluster/plan.go). */
function rke1KubeletConfigs(inventory: Inventory): KubeletConfigRecord[] {
  return inventory.kubeconfigs
    .map((kc) => kc.source.path)
    .filter((path) => RKE1_NODE_KUBECONFIG.test(path))
    .map((path) => ({
      source: { path, locator: `kubelet flags RKE gives the kubelet container (${dirname(path)})` },
      clientCAFile: RKE1_KUBELET.clientCAFile,
    }));
}
