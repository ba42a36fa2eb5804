import { describeRule } from "../test-support/rule-cases";

describeRule("CA_REUSED", [
  {
    name: "front-proxy CA is a copy of the cluster CA",
    fixture: "front-proxy-ca-is-cluster-ca",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/front-proxy-ca.crt",
      relationship: "front-proxy-client",
      count: 1,
    },
  },
  { name: "healthy node: three distinct CA keys", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
