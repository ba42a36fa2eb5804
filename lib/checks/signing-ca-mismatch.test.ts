import { describeRule } from "../test-support/rule-cases";

describeRule("SIGNING_CA_MISMATCH", [
  {
    name: "controller-manager signs with the front-proxy CA",
    fixture: "signing-ca-mismatch",
    want: {
      severity: "error",
      file: "etc/kubernetes/manifests/kube-controller-manager.yaml",
      relationship: "kubelet-bootstrap",
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
