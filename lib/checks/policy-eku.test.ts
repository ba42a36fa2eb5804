import { describePolicyRule } from "../test-support/policy-rule-cases";

describePolicyRule("POLICY_EKU", [
  {
    name: "the apiserver's serving certificate lacks a clientAuth the policy requires",
    fixture: "healthy",
    policy: { requiredEku: { "apiserver-serving": ["serverAuth", "clientAuth"] } },
    want: {
      file: "etc/kubernetes/pki/apiserver.crt",
      count: 1,
      detail: /requires serverAuth, clientAuth, set by the policy/,
    },
  },
  {
    name: "kubeadm's certificates carry what their roles need",
    fixture: "healthy",
    policy: {
      requiredEku: {
        "apiserver-serving": ["serverAuth"],
        "apiserver-kubelet-client": ["clientAuth"],
        "etcd-peer": ["serverAuth", "clientAuth"],
        "front-proxy-client": ["clientAuth"],
      },
    },
  },
]);
