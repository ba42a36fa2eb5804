/**
 * A policy written out as the file it would be read from: its keys in the documented order, the
 * in-memory `origin` left out. `parsePolicy(formatPolicyYaml(p))` gives `p` back (as a file's).
 */
import { stringify } from "yaml";
import type { Policy } from "./policy";
import { policyData } from "./policy-data";

/** The policy as YAML, with a one-line header naming it. */
export function formatPolicyYaml(policy: Policy): string {
  return `# k8s-pki audit policy "${policy.name}": k8s-pki audit DIR --policy FILE\n${stringify(policyData(policy), { lineWidth: 0 })}`;
}
