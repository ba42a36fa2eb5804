import { describeRule } from "../test-support/rule-cases";

describeRule("CHAIN_UNTRUSTED", [
  {
    name: "etcd client cert signed by the cluster CA",
    fixture: "wrong-ca-etcd-client",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/apiserver-etcd-client.crt",
      relationship: "apiserver-etcd-client",
      detail: /issued by "kubernetes"/,
    },
  },
  {
    name: "self-signed kubelet cert against --kubelet-certificate-authority",
    fixture: "kubelet-ca-configured-self-signed",
    want: { severity: "error", file: "var/lib/kubelet/pki/kubelet.crt", relationship: "kubelet-serving" },
  },
  { name: "same name, other key is a bad signature, not untrusted", fixture: "stale-ca-scheduler-cert" },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
