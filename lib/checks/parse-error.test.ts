import { describeRule } from "../test-support/rule-cases";

describeRule("PARSE_ERROR", [
  {
    name: "PEM armour around invalid base64",
    fixture: "corrupt-extra-file",
    want: { severity: "warning", file: "etc/kubernetes/pki/apiserver.crt.old", count: 1 },
  },
  { name: "README, logs, cfssl csr json and a Deployment are skipped, not errors", fixture: "noise-files" },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output (check-expiration.txt is skipped)", fixture: "kubeadm-v1.20" },
]);
