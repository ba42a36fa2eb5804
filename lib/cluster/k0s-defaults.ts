/**
 * k0s runs the control plane as its own child processes, their flags in memory, not on disk
 * (k0sproject/k0s pkg/component/controller/{apiserver,controllermanager,scheduler,etcd}.go): its
 * fixed layout under /var/lib/k0s/pki is all the node's files say. These are the flags k0s gives,
 * for a layout recognised as k0s (detect-layout.ts).
 */
import type { FlagMap } from "../inventory";
import type { ComponentKind } from "../report";

const PKI = "/var/lib/k0s/pki";

export const K0S_DEFAULT_FLAGS: Partial<Record<ComponentKind, FlagMap>> = {
  "kube-apiserver": {
    "client-ca-file": [`${PKI}/ca.crt`],
    "tls-cert-file": [`${PKI}/server.crt`],
    "tls-private-key-file": [`${PKI}/server.key`],
    "etcd-cafile": [`${PKI}/etcd/ca.crt`],
    "etcd-certfile": [`${PKI}/apiserver-etcd-client.crt`],
    "etcd-keyfile": [`${PKI}/apiserver-etcd-client.key`],
    "etcd-servers": ["https://127.0.0.1:2379"],
    "kubelet-certificate-authority": [`${PKI}/ca.crt`],
    "kubelet-client-certificate": [`${PKI}/apiserver-kubelet-client.crt`],
    "kubelet-client-key": [`${PKI}/apiserver-kubelet-client.key`],
    "proxy-client-cert-file": [`${PKI}/front-proxy-client.crt`],
    "proxy-client-key-file": [`${PKI}/front-proxy-client.key`],
    "requestheader-client-ca-file": [`${PKI}/front-proxy-ca.crt`],
    "requestheader-allowed-names": ["front-proxy-client"],
    "service-account-key-file": [`${PKI}/sa.pub`],
    "service-account-signing-key-file": [`${PKI}/sa.key`],
  },
  "kube-controller-manager": {
    kubeconfig: [`${PKI}/ccm.conf`],
    "cluster-signing-cert-file": [`${PKI}/ca.crt`],
    "cluster-signing-key-file": [`${PKI}/ca.key`],
    "root-ca-file": [`${PKI}/ca.crt`],
    "service-account-private-key-file": [`${PKI}/sa.key`],
    "requestheader-client-ca-file": [`${PKI}/front-proxy-ca.crt`],
  },
  "kube-scheduler": { kubeconfig: [`${PKI}/scheduler.conf`] },
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
