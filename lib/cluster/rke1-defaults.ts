/**
 * RKE1 (rancher/rke) runs every component as a docker container whose flags live in the cluster's
 * state, not on the node (cluster/plan.go): its fixed layout under /etc/kubernetes/ssl is all a
 * node's files say. These are those flags, as plan.go writes them, for a layout recognised as RKE1
 * (detect-layout.ts); paths resolve by suffix like real flags.
 *
 * - kube-apiserver: --tls-cert-file kube-apiserver.pem, --client-ca-file kube-ca.pem, etcd client
 *   kube-node.pem (RKE's apiserver reaches etcd as the node), kubelet client kube-apiserver.pem,
 *   the front proxy's kube-apiserver-proxy-client.pem under kube-apiserver-requestheader-ca.pem,
 *   service-account keys kube-service-account-token-key.pem; no --kubelet-certificate-authority.
 * - etcd: kube-etcd-<address with dashes>.pem for serving and peers, kube-ca.pem for both trusts.
 * - controller-manager and scheduler: kubecfg-kube-<name>.yaml.
 */
import type { FlagMap, Inventory } from "../inventory";
import type { ComponentKind } from "../report";

const SSL = "/etc/kubernetes/ssl";

/** RKE's per-host etcd certificate (pki/util.go GetCrtNameForHost): `kube-etcd-10-0-0-21.pem`. */
const ETCD_CERT = /(?:^|\/)etc\/kubernetes\/ssl\/(kube-etcd-[0-9a-f-]+)\.pem$/;

/** The kubelet flags RKE gives every node (cluster/plan.go BuildKubeletProcess). */
export const RKE1_KUBELET = {
  kubeconfig: `${SSL}/kubecfg-kube-node.yaml`,
  clientCAFile: `${SSL}/kube-ca.pem`,
} as const;

/** The conventional flags of an RKE1 node; the etcd member's files are the first kube-etcd-* in the drop. */
export function rke1DefaultFlags(inventory: Inventory): Partial<Record<ComponentKind, FlagMap>> {
  const etcd = inventory.paths.map((path) => ETCD_CERT.exec(path)?.[1]).find((name) => name !== undefined);
  return {
    "kube-apiserver": {
      "client-ca-file": [`${SSL}/kube-ca.pem`],
      "tls-cert-file": [`${SSL}/kube-apiserver.pem`],
      "tls-private-key-file": [`${SSL}/kube-apiserver-key.pem`],
      "etcd-cafile": [`${SSL}/kube-ca.pem`],
      "etcd-certfile": [`${SSL}/kube-node.pem`],
      "etcd-keyfile": [`${SSL}/kube-node-key.pem`],
      "kubelet-client-certificate": [`${SSL}/kube-apiserver.pem`],
      "kubelet-client-key": [`${SSL}/kube-apiserver-key.pem`],
      "proxy-client-cert-file": [`${SSL}/kube-apiserver-proxy-client.pem`],
      "proxy-client-key-file": [`${SSL}/kube-apiserver-proxy-client-key.pem`],
      "requestheader-client-ca-file": [`${SSL}/kube-apiserver-requestheader-ca.pem`],
      "requestheader-allowed-names": ["kube-apiserver-proxy-client"],
      "service-account-key-file": [`${SSL}/kube-service-account-token-key.pem`],
      "service-account-signing-key-file": [`${SSL}/kube-service-account-token-key.pem`],
    },
    "kube-controller-manager": {
      kubeconfig: [`${SSL}/kubecfg-kube-controller-manager.yaml`],
      "root-ca-file": [`${SSL}/kube-ca.pem`],
      "service-account-private-key-file": [`${SSL}/kube-service-account-token-key.pem`],
    },
    "kube-scheduler": { kubeconfig: [`${SSL}/kubecfg-kube-scheduler.yaml`] },
    ...(etcd
      ? {
          etcd: {
            "cert-file": [`${SSL}/${etcd}.pem`],
            "key-file": [`${SSL}/${etcd}-key.pem`],
            "trusted-ca-file": [`${SSL}/kube-ca.pem`],
            "client-cert-auth": ["true"],
            "peer-cert-file": [`${SSL}/${etcd}.pem`],
            "peer-key-file": [`${SSL}/${etcd}-key.pem`],
            "peer-trusted-ca-file": [`${SSL}/kube-ca.pem`],
            "peer-client-cert-auth": ["true"],
          },
        }
      : {}),
  };
}
