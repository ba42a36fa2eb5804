/**
 * MicroK8s's own flags (canonical/microk8s microk8s-resources/default-args), standing for a
 * component whose `args/<component>` file was not dropped, in a layout recognised as MicroK8s.
 * No etcd: the datastore is dqlite behind a Unix socket (`--etcd-servers=unix://…/kine.sock`).
 */
import type { FlagMap } from "../inventory";
import type { ComponentKind } from "../report";

const DATA = "/var/snap/microk8s/current";
const CERTS = `${DATA}/certs`;

export const MICROK8S_DEFAULT_FLAGS: Partial<Record<ComponentKind, FlagMap>> = {
  "kube-apiserver": {
    "client-ca-file": [`${CERTS}/ca.crt`],
    "tls-cert-file": [`${CERTS}/server.crt`],
    "tls-private-key-file": [`${CERTS}/server.key`],
    "etcd-servers": [`unix://${DATA}/var/kubernetes/backend/kine.sock:12379`],
    "kubelet-client-certificate": [`${CERTS}/apiserver-kubelet-client.crt`],
    "kubelet-client-key": [`${CERTS}/apiserver-kubelet-client.key`],
    "kubelet-certificate-authority": [`${CERTS}/ca.crt`],
    "proxy-client-cert-file": [`${CERTS}/front-proxy-client.crt`],
    "proxy-client-key-file": [`${CERTS}/front-proxy-client.key`],
    "requestheader-client-ca-file": [`${CERTS}/front-proxy-ca.crt`],
    "requestheader-allowed-names": ["front-proxy-client"],
    "service-account-key-file": [`${CERTS}/serviceaccount.key`],
    "service-account-signing-key-file": [`${CERTS}/serviceaccount.key`],
  },
  "kube-controller-manager": {
    kubeconfig: [`${DATA}/credentials/controller.config`],
    "cluster-signing-cert-file": [`${CERTS}/ca.crt`],
    "cluster-signing-key-file": [`${CERTS}/ca.key`],
    "root-ca-file": [`${CERTS}/ca.crt`],
    "service-account-private-key-file": [`${CERTS}/serviceaccount.key`],
  },
  "kube-scheduler": { kubeconfig: [`${DATA}/credentials/scheduler.config`] },
};
