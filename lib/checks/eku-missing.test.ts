import { describeRule } from "../test-support/rule-cases";

describeRule("EKU_MISSING", [
  {
    name: "etcd server cert without clientAuth",
    fixture: "eku-etcd-server",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/etcd/server.crt",
      relationship: "etcd-serving",
      detail: /clientAuth/,
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
