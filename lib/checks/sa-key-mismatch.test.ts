import { describeRule } from "../test-support/rule-cases";

describeRule("SA_KEY_MISMATCH", [
  {
    name: "sa.pub from another key",
    fixture: "sa-key-mismatch",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/sa.pub",
      relationship: "service-account-signing",
      count: 1,
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
