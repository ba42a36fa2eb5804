import { describeRule } from "../test-support/rule-cases";

describeRule("KUBECONFIG_CA_MISMATCH", [
  {
    name: "admin.conf holds a stale CA of the same name",
    fixture: "stale-ca-admin-kubeconfig",
    want: {
      severity: "error",
      file: "etc/kubernetes/admin.conf",
      relationship: "apiserver-serving",
      count: 1,
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output (embedded CA data)", fixture: "kubeadm-v1.20" },
]);
