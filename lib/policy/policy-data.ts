/**
 * A policy's file form as plain data (what the YAML, the page's URL and the report hold): its keys
 * in the documented order, without the in-memory `origin`.
 */
import { POLICY_KEYS, type Policy } from "./policy";

/** The policy's file form, keys in the documented order. */
export function policyData(policy: Policy): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of POLICY_KEYS) if (policy[key] !== undefined) data[key] = policy[key];
  return data;
}

/** The policy as the report records it: the file's own settings, without the in-memory origin. */
export function reportPolicy(policy: Policy): Omit<Policy, "origin"> {
  const rest: Omit<Policy, "origin"> & { origin?: Policy["origin"] } = { ...policy };
  delete rest.origin;
  return rest;
}
