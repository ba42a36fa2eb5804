import { describeRule } from "../test-support/rule-cases";

describeRule("BOOTSTRAP_TOKEN_LEFT", [
  {
    name: "bootstrap-kubelet.conf beside a working client cert",
    fixture: "bootstrap-token-left",
    want: {
      severity: "warning",
      file: "etc/kubernetes/bootstrap-kubelet.conf",
      relationship: "kubelet-bootstrap",
      detail: /abcdef/,
    },
  },
  { name: "healthy node", fixture: "healthy" },
]);
