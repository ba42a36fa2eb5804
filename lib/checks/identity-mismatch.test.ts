import { describeRule } from "../test-support/rule-cases";

describeRule("IDENTITY_MISMATCH", [
  {
    name: "kubelet client cert without O=system:nodes",
    fixture: "identity-kubelet-no-group",
    want: {
      severity: "error",
      file: "var/lib/kubelet/pki/kubelet-client-current.pem",
      relationship: "kubelet-client",
      detail: /system:nodes/,
    },
  },
  {
    name: "controller-manager cert with CN kube-controller-manager",
    fixture: "identity-controller-manager-cn",
    want: {
      severity: "error",
      file: "etc/kubernetes/controller-manager.conf",
      relationship: "controller-manager-client",
    },
  },
  { name: "healthy 1.31 node (admin O=kubeadm:cluster-admins)", fixture: "healthy" },
  { name: "real 1.20 output (admin O=system:masters)", fixture: "kubeadm-v1.20" },
]);
