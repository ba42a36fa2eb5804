// A CA may live no longer than the policy allows; by default kubeadm's own ten years (caCertificateValidityPeriod 87600h) on the CAs kubeadm makes (k8s-pki-spec §1.4).
import type { Rule } from "../engine/rule";
import { lifetimeFindings } from "./policy-lifetime";

export const policyCaLifetime: Rule = {
  codes: ["POLICY_CA_LIFETIME"],
  scope: "certificate",
  run: (ctx) => lifetimeFindings(ctx, "ca", "POLICY_CA_LIFETIME"),
};
