/**
 * The flags k3s gives the components it runs inside its own process (pkg/daemons/control/server.go,
 * pkg/daemons/agent/agent.go, pkg/etcd/etcd.go): no manifest or unit names them, so they are the
 * conventional wiring of a k3s server, as kubeadm's are of a kubeadm node. RKE2 writes the same
 * files under /var/lib/rancher/rke2 and states the flags in static-pod manifests; these stand in
 * when those manifests were not dropped.
 */
import type { FlagMap } from "../inventory";
import type { ComponentKind } from "../report";

/** The conventional flags of a k3s or RKE2 server whose data dir is `dataDir`. */
export function k3sDefaultFlags(dataDir: string): Partial<Record<ComponentKind, FlagMap>> {
  const tls = `${dataDir}/server/tls`;
  const cred = `${dataDir}/server/cred`;
  return {
    "kube-apiserver": {
      "client-ca-file": [`${tls}/client-ca.crt`],
      "tls-cert-file": [`${tls}/serving-kube-apiserver.crt`],
      "tls-private-key-file": [`${tls}/serving-kube-apiserver.key`],
      "etcd-cafile": [`${tls}/etcd/server-ca.crt`],
      "etcd-certfile": [`${tls}/etcd/client.crt`],
      "etcd-keyfile": [`${tls}/etcd/client.key`],
      "kubelet-certificate-authority": [`${tls}/server-ca.crt`],
      "kubelet-client-certificate": [`${tls}/client-kube-apiserver.crt`],
      "kubelet-client-key": [`${tls}/client-kube-apiserver.key`],
      "proxy-client-cert-file": [`${tls}/client-auth-proxy.crt`],
      "proxy-client-key-file": [`${tls}/client-auth-proxy.key`],
      "requestheader-client-ca-file": [`${tls}/request-header-ca.crt`],
      "service-account-key-file": [`${tls}/service.key`],
      "service-account-signing-key-file": [`${tls}/service.current.key`],
    },
    "kube-controller-manager": {
      kubeconfig: [`${cred}/controller.kubeconfig`],
      "client-ca-file": [`${tls}/client-ca.crt`],
      "root-ca-file": [`${tls}/server-ca.crt`],
      "service-account-private-key-file": [`${tls}/service.current.key`],
    },
    "kube-scheduler": { kubeconfig: [`${cred}/scheduler.kubeconfig`] },
    etcd: {
      "cert-file": [`${tls}/etcd/server-client.crt`],
      "key-file": [`${tls}/etcd/server-client.key`],
      "trusted-ca-file": [`${tls}/etcd/server-ca.crt`],
      "client-cert-auth": ["true"],
      "peer-cert-file": [`${tls}/etcd/peer-server-client.crt`],
      "peer-key-file": [`${tls}/etcd/peer-server-client.key`],
      "peer-trusted-ca-file": [`${tls}/etcd/peer-ca.crt`],
      "peer-client-cert-auth": ["true"],
    },
  };
}
