import { describePolicyRule } from "../test-support/policy-rule-cases";

describePolicyRule("POLICY_RSA_BITS", [
  {
    name: "RSA-2048 CAs under a 3072-bit minimum",
    fixture: "healthy",
    policy: { keys: { minRsaBits: 3072 } },
    want: {
      file: "etc/kubernetes/pki/ca.crt",
      detail:
        /RSA 2048-bit key\. The minimum is 3072 bits, set by the policy "policy" \(keys\.minRsaBits: 3072\)/,
    },
  },
  { name: "a 2048-bit minimum passes them", fixture: "healthy", policy: { keys: { minRsaBits: 2048 } } },
  {
    name: "an RSA-1024 key is WEAK_KEY's alone",
    fixture: "weak-key-kubelet-client",
    policy: { roles: ["apiserver-kubelet-client"], keys: { minRsaBits: 3072 } },
  },
]);
