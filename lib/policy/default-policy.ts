/**
 * The policy in force when none is given: kubeadm's own limits — leaves for one year (8760h), CAs
 * for ten (87600h) — judged only on what kubeadm makes (k8s-pki-spec §1.4). It speaks only where
 * the drop is kubeadm-made (kubeadm, and kind and kubespray, which run kubeadm) or a kubeadm
 * configuration names the periods: minikube's three-year apiserver leaf, MicroK8s's, OpenShift's,
 * Talos's and k0s's own lifetimes are their installers' choices, not faults. The kubelet's
 * certificates are left out: the controller-manager signs the client one for its own
 * `--cluster-signing-duration`, and the kubelet makes its serving pair itself.
 * docs/policies/kubeadm-default.yaml is this policy written out.
 */
import type { Policy } from "./policy";

/** kubeadm's CertificateValidityPeriod, 24h × 365. */
export const KUBEADM_LEAF_PERIOD_MS = 8760 * 3_600_000;
/** kubeadm's CACertificateValidityPeriod, 24h × 365 × 10. */
export const KUBEADM_CA_PERIOD_MS = 87_600 * 3_600_000;

/** The certificates kubeadm issues itself, by role (its PKI folder and its kubeconfigs). */
export const KUBEADM_MADE_ROLES = [
  "apiserver-serving",
  "apiserver-kubelet-client",
  "apiserver-etcd-client",
  "etcd-serving",
  "etcd-peer",
  "etcd-healthcheck-client",
  "front-proxy-client",
  "controller-manager-client",
  "scheduler-client",
  "admin-client",
  "cluster-ca",
  "etcd-ca",
  "front-proxy-ca",
];

export const KUBEADM_DEFAULT_POLICY: Policy = {
  name: "kubeadm-default",
  origin: "built-in",
  layouts: ["kubeadm", "kind", "kubespray"],
  roles: KUBEADM_MADE_ROLES,
  leaf: { maxDays: 365 },
  ca: { maxDays: 3650 },
};
