import { describeRule } from "../test-support/rule-cases";

describeRule("CA_INVALID", [
  {
    name: "front-proxy CA with CA:FALSE",
    fixture: "front-proxy-ca-not-ca",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/front-proxy-ca.crt",
      relationship: "front-proxy-client",
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
