import { describePolicyRule } from "../test-support/policy-rule-cases";

describePolicyRule("POLICY_CURVE", [
  {
    name: "P-256 leaves when only P-384 is allowed",
    fixture: "healthy",
    policy: { keys: { allowedCurves: ["P-384"] } },
    want: { file: "etc/kubernetes/pki/apiserver.crt", detail: /on P-256\. The allowed curves are P-384/ },
  },
  { name: "P-256 allowed", fixture: "healthy", policy: { keys: { allowedCurves: ["P-256", "P-384"] } } },
]);
