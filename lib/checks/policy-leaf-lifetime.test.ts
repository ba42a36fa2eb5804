import { describePolicyRule, kubeadmConfig } from "../test-support/policy-rule-cases";

const APISERVER = "etc/kubernetes/pki/apiserver.crt";

describePolicyRule("POLICY_LEAF_LIFETIME", [
  {
    name: "a 90-day policy turns a kubeadm node's one-year leaves into findings",
    fixture: "healthy",
    policy: { name: "audit", leaf: { maxDays: 90 } },
    want: { file: APISERVER, detail: /the policy "audit" \(leaf\.maxDays: 90\)/ },
  },
  { name: "kubeadm's default: one-year leaves pass (5 minutes of backdating tolerated)", fixture: "healthy" },
  { name: "kubeadm's default stays silent on minikube's three-year leaves", fixture: "layouts/minikube" },
  {
    name: "kubeadm's default stays silent on kubespray's own etcd certificates",
    fixture: "layouts/kubespray",
  },
  {
    name: "kubeadm's default leaves a leaf outliving its CA to CERT_OUTLIVES_ISSUER",
    fixture: "leaf-outlives-issuer",
  },
  {
    name: "a policy file reports the ten-year leaf itself",
    fixture: "leaf-outlives-issuer",
    policy: { leaf: { maxDays: 365 } },
    want: { file: APISERVER, count: 1, detail: /: 38\d\d days\. The limit for a certificate is 365 days/ },
  },
  {
    name: "the kubeadm configuration's shorter period is the default's limit",
    fixture: "healthy",
    extra: { "etc/kubernetes/kubeadm.yaml": kubeadmConfig({ leaf: "2160h0m0s" }) },
    want: {
      file: APISERVER,
      detail: /certificateValidityPeriod: 2160h0m0s \(etc\/kubernetes\/kubeadm\.yaml\)/,
    },
  },
  {
    name: "a longer configured period is KUBEADM_VALIDITY_PERIOD's, not a lifetime finding",
    fixture: "healthy",
    extra: { "etc/kubernetes/kubeadm.yaml": kubeadmConfig({ leaf: "43800h" }) },
  },
  {
    name: "a policy limited to other layouts is silent",
    fixture: "healthy",
    policy: { layouts: ["k3s"], leaf: { maxDays: 90 } },
  },
  {
    name: "a policy limited by role judges only that role",
    fixture: "healthy",
    policy: { roles: ["apiserver-serving"], leaf: { maxDays: 90 } },
    want: { file: APISERVER, count: 1 },
  },
]);
