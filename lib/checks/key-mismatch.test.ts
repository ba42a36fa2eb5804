import { describeRule } from "../test-support/rule-cases";

describeRule("KEY_MISMATCH", [
  {
    name: "apiserver.key replaced by another key",
    fixture: "key-mismatch-apiserver",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/apiserver.key",
      relationship: "apiserver-serving",
      count: 1,
    },
  },
  { name: "healthy node (PKCS#1, SEC1, PKCS#8, combined PEM, kubeconfig data)", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
