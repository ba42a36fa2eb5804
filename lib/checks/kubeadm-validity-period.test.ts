import { describePolicyRule, kubeadmConfig } from "../test-support/policy-rule-cases";

const CONFIG = "etc/kubernetes/kubeadm.yaml";

describePolicyRule("KUBEADM_VALIDITY_PERIOD", [
  {
    name: "a five-year leaf period: kubeadm's own warning",
    fixture: "healthy",
    extra: { [CONFIG]: kubeadmConfig({ leaf: "43800h0m0s" }) },
    want: { file: CONFIG, count: 1, detail: /certificateValidityPeriod: 43800h0m0s; kubeadm warns/ },
  },
  {
    name: "a twenty-year CA period",
    fixture: "healthy",
    extra: { [CONFIG]: kubeadmConfig({ ca: "175200h" }) },
    want: { file: CONFIG, count: 1, detail: /caCertificateValidityPeriod: 175200h/ },
  },
  {
    name: "a leaf period longer than the CA period",
    fixture: "healthy",
    extra: { [CONFIG]: kubeadmConfig({ leaf: "8000h", ca: "4000h" }) },
    want: { file: CONFIG, count: 1, detail: /longer than the CA period 4000h/ },
  },
  {
    name: "kubeadm's defaults written out",
    fixture: "healthy",
    extra: { [CONFIG]: kubeadmConfig({ leaf: "8760h0m0s", ca: "87600h0m0s" }) },
  },
  { name: "no configuration", fixture: "healthy" },
]);
