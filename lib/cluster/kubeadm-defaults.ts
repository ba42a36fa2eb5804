/**
 * kubeadm's conventional wiring, used when a component's static-pod manifest was not dropped: the
 * flags kubeadm writes (cmd/kubeadm/app/phases/controlplane/manifests.go, phases/etcd/local.go),
 * reduced to the ones that name PKI files. Paths resolve by suffix like real flags. Flags that are
 * policy rather than layout (authorization mode, allowed names, service range) are deliberately absent:
 * without a manifest they are unknown, and unknown is not judged.
 */
import type { FlagMap } from "../inventory";
import type { ComponentKind } from "../report";

const PKI = "/etc/kubernetes/pki";

export const KUBEADM_DEFAULT_FLAGS: Partial<Record<ComponentKind, FlagMap>> = {
  "kube-apiserver": {
    "client-ca-file": [`${PKI}/ca.crt`],
    "tls-cert-file": [`${PKI}/apiserver.crt`],
    "tls-private-key-file": [`${PKI}/apiserver.key`],
    "etcd-cafile": [`${PKI}/etcd/ca.crt`],
    "etcd-certfile": [`${PKI}/apiserver-etcd-client.crt`],
    "etcd-keyfile": [`${PKI}/apiserver-etcd-client.key`],
    "etcd-servers": ["https://127.0.0.1:2379"],
    "kubelet-client-certificate": [`${PKI}/apiserver-kubelet-client.crt`],
    "kubelet-client-key": [`${PKI}/apiserver-kubelet-client.key`],
    "proxy-client-cert-file": [`${PKI}/front-proxy-client.crt`],
    "proxy-client-key-file": [`${PKI}/front-proxy-client.key`],
    "requestheader-client-ca-file": [`${PKI}/front-proxy-ca.crt`],
    "service-account-key-file": [`${PKI}/sa.pub`],
    "service-account-signing-key-file": [`${PKI}/sa.key`],
  },
  "kube-controller-manager": {
    kubeconfig: ["/etc/kubernetes/controller-manager.conf"],
    "client-ca-file": [`${PKI}/ca.crt`],
    "cluster-signing-cert-file": [`${PKI}/ca.crt`],
    "cluster-signing-key-file": [`${PKI}/ca.key`],
    "requestheader-client-ca-file": [`${PKI}/front-proxy-ca.crt`],
    "root-ca-file": [`${PKI}/ca.crt`],
    "service-account-private-key-file": [`${PKI}/sa.key`],
  },
  "kube-scheduler": {
    kubeconfig: ["/etc/kubernetes/scheduler.conf"],
  },
  etcd: {
    "cert-file": [`${PKI}/etcd/server.crt`],
    "key-file": [`${PKI}/etcd/server.key`],
    "trusted-ca-file": [`${PKI}/etcd/ca.crt`],
    "client-cert-auth": ["true"],
    "peer-cert-file": [`${PKI}/etcd/peer.crt`],
    "peer-key-file": [`${PKI}/etcd/peer.key`],
    "peer-trusted-ca-file": [`${PKI}/etcd/ca.crt`],
    "peer-client-cert-auth": ["true"],
  },
};

/** Files kubeadm writes that no flag names: conventional paths only. */
export const KUBEADM_CONVENTIONAL_FILES = {
  etcdHealthcheckCert: `${PKI}/etcd/healthcheck-client.crt`,
  etcdHealthcheckKey: `${PKI}/etcd/healthcheck-client.key`,
  adminConf: "/etc/kubernetes/admin.conf",
  superAdminConf: "/etc/kubernetes/super-admin.conf",
  kubeletConf: "/etc/kubernetes/kubelet.conf",
  bootstrapKubeletConf: "/etc/kubernetes/bootstrap-kubelet.conf",
  kubeletConfig: "/var/lib/kubelet/config.yaml",
  kubeletServingCert: "/var/lib/kubelet/pki/kubelet.crt",
  kubeletServingKey: "/var/lib/kubelet/pki/kubelet.key",
  kubeletClientCurrent: "/var/lib/kubelet/pki/kubelet-client-current.pem",
  kubeletServerCurrent: "/var/lib/kubelet/pki/kubelet-server-current.pem",
} as const;

/** Component kind from a manifest's component label or pod name (`kube-apiserver-cp-1` → kube-apiserver). */
export function componentKindOf(name: string): ComponentKind | undefined {
  const kinds: ComponentKind[] = [
    "kube-apiserver",
    "kube-controller-manager",
    "kube-scheduler",
    "etcd",
    "kube-proxy",
  ];
  return kinds.find((kind) => name === kind || name.startsWith(`${kind}-`) || name.endsWith(`/${kind}`));
}
