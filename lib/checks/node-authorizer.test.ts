import { describeRule } from "../test-support/rule-cases";

describeRule("NODE_AUTHORIZER_DISABLED", [
  {
    name: "--authorization-mode=RBAC",
    fixture: "rbac-only-authorizer",
    want: {
      severity: "error",
      file: "etc/kubernetes/manifests/kube-apiserver.yaml",
      relationship: "kubelet-client",
      count: 1,
    },
  },
  {
    name: "NodeRestriction not enabled",
    fixture: "no-node-restriction",
    want: {
      severity: "warning",
      file: "etc/kubernetes/manifests/kube-apiserver.yaml",
      relationship: "kubelet-client",
      count: 1,
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
