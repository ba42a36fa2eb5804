// A leaf may live no longer than the policy allows; by default kubeadm's own one year (certificateValidityPeriod 8760h) on what kubeadm issues (k8s-pki-spec §1.4).
import type { Rule } from "../engine/rule";
import { lifetimeFindings } from "./policy-lifetime";

export const policyLeafLifetime: Rule = {
  codes: ["POLICY_LEAF_LIFETIME"],
  scope: "certificate",
  run: (ctx) => lifetimeFindings(ctx, "leaf", "POLICY_LEAF_LIFETIME"),
};
