import { describeRule } from "../test-support/rule-cases";

describeRule("CERT_NOT_YET_VALID", [
  {
    name: "front-proxy-client.crt dated in the future",
    fixture: "not-yet-valid-front-proxy-client",
    want: {
      severity: "error",
      file: "etc/kubernetes/pki/front-proxy-client.crt",
      relationship: "front-proxy-client",
    },
  },
  { name: "healthy node", fixture: "healthy" },
  {
    name: "real kubeadm output judged before it was made (clock skew)",
    fixture: "kubeadm-v1.20",
    now: "2026-11-01T00:00:00Z",
    want: { severity: "error", file: "pki/etcd/server.crt", relationship: "etcd-serving" },
  },
]);
