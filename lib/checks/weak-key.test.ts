import { describeRule } from "../test-support/rule-cases";

describeRule("WEAK_KEY", [
  {
    name: "apiserver-kubelet-client with RSA-1024",
    fixture: "weak-key-kubelet-client",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/apiserver-kubelet-client.crt",
      relationship: "apiserver-kubelet-client",
      detail: /RSA 1024/,
    },
  },
  { name: "healthy node (RSA-2048 CAs, P-256 leaves)", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
