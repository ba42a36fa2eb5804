import { describeRule } from "../test-support/rule-cases";

describeRule("CHAIN_BAD_SIGNATURE", [
  {
    name: "scheduler cert from a re-initialised CA of the same name",
    fixture: "stale-ca-scheduler-cert",
    want: {
      severity: "error",
      file: "etc/kubernetes/scheduler.conf",
      relationship: "scheduler-client",
      detail: /verification error/,
    },
  },
  { name: "a CA of another name is untrusted, not a bad signature", fixture: "wrong-ca-etcd-client" },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);
