import { describeRule } from "../test-support/rule-cases";

describeRule("FILE_MISSING", [
  {
    name: "front-proxy-client.crt deleted",
    fixture: "missing-front-proxy-client-cert",
    want: {
      severity: "warning",
      file: "etc/kubernetes/manifests/kube-apiserver.yaml",
      relationship: "front-proxy-client",
      count: 1,
    },
  },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
