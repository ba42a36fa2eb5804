import { describeRule } from "../test-support/rule-cases";

describeRule("CERT_EXPIRES_SOON", [
  {
    name: "etcd client cert 19 days from expiry",
    fixture: "expires-soon-etcd-client",
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/apiserver-etcd-client.crt",
      relationship: "apiserver-etcd-client",
      detail: /19 days/,
    },
  },
  {
    name: "19 days left is outside a 10-day window and above 10 % of its 170-day life",
    fixture: "expires-soon-etcd-client",
    warnDays: 10,
  },
  {
    name: "15 days left of 170 is under 10 % of its life, whatever the window",
    fixture: "expires-soon-etcd-client",
    now: "2026-06-05T00:00:00Z",
    warnDays: 10,
    want: {
      severity: "warning",
      file: "etc/kubernetes/pki/apiserver-etcd-client.crt",
      detail: /9% of its lifetime/,
    },
  },
  { name: "healthy node", fixture: "healthy" },
  {
    name: "real kubeadm output 20 days before the leaves expire",
    fixture: "kubeadm-v1.20",
    now: "2027-11-02T00:00:00Z",
    want: { severity: "warning", file: "pki/apiserver.crt" },
  },
  { name: "real kubeadm output, a year of life left", fixture: "kubeadm-v1.20" },
]);
