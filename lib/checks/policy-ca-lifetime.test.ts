import { describePolicyRule } from "../test-support/policy-rule-cases";

describePolicyRule("POLICY_CA_LIFETIME", [
  {
    name: "a five-year CA limit turns kubeadm's ten-year CAs into findings",
    fixture: "healthy",
    policy: { ca: { maxDays: 1825 } },
    want: { file: "etc/kubernetes/pki/ca.crt", detail: /ca\.maxDays: 1825/ },
  },
  { name: "kubeadm's default: ten-year CAs pass", fixture: "healthy" },
  {
    name: "a CA trust anchor without CA:TRUE is judged as the CA it stands for",
    fixture: "front-proxy-ca-not-ca",
  },
  { name: "kubespray's hundred-year etcd CA is not kubeadm's", fixture: "layouts/kubespray" },
]);
