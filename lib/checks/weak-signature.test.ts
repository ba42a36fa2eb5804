import { describeRule } from "../test-support/rule-cases";

describeRule("WEAK_SIGNATURE", [
  {
    name: "controller-manager cert signed with SHA-1",
    fixture: "sha1-controller-manager",
    want: {
      severity: "warning",
      file: "etc/kubernetes/controller-manager.conf#users/system:kube-controller-manager",
      relationship: "controller-manager-client",
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
