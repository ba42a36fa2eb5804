import { describePolicyRule } from "../test-support/policy-rule-cases";

describePolicyRule("POLICY_SIGNATURE_ALGORITHM", [
  {
    name: "RSA-signed certificates when only ECDSA signatures are allowed",
    fixture: "healthy",
    policy: { signatureAlgorithms: ["ecdsa-with-SHA256", "ecdsa-with-SHA384"] },
    want: { file: "etc/kubernetes/pki/apiserver.crt", detail: /signed with sha256WithRSAEncryption/ },
  },
  {
    name: "the algorithms kubeadm uses pass",
    fixture: "healthy",
    policy: { signatureAlgorithms: ["sha256WithRSAEncryption", "ecdsa-with-SHA256"] },
  },
]);
