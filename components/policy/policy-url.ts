/**
 * The policy in the page's address: `?policy=` + the policy's file form as base64url JSON, so a
 * reload or a shared link judges with the same policy. Decoding goes through the same strict
 * reading as a file (lib/policy/policy-from-data.ts) and is bounded, so a hand-edited or hostile
 * link gives a message, never a half-read policy.
 */
import { policyFromData } from "@/lib/policy/policy-from-data";
import type { Policy } from "@/lib/policy/policy";
import { policyData } from "@/lib/policy/policy-data";
import { fail, type Result } from "@/lib/shared/result";

export const POLICY_PARAM = "policy";
/** A policy's JSON is a few hundred bytes; a link is not the place for more. */
export const MAX_POLICY_PARAM = 8 * 1024;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    // atob and the strict decoder throw on what is not base64 or not UTF-8: the link is damaged.
    return undefined;
  }
}

/** The `policy` parameter's value for a policy. */
export function encodePolicyParam(policy: Policy): string {
  return toBase64Url(JSON.stringify(policyData(policy)));
}

/** A `policy` parameter's policy, or why the link's policy cannot be used. */
export function decodePolicyParam(param: string): Result<Policy> {
  if (param.length > MAX_POLICY_PARAM)
    return fail(`the link's policy is over ${MAX_POLICY_PARAM} characters`);
  const json = fromBase64Url(param);
  if (json === undefined) return fail("the link's policy is damaged (not base64url UTF-8)");
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return fail("the link's policy is damaged (not JSON)");
  }
  const policy = policyFromData(data);
  return policy.ok ? policy : fail(`the link's policy: ${policy.reason}`);
}

/** The policy a page address (`location.search`) names: undefined when none, else it or why not. */
export function policyFromSearch(search: string): Result<Policy> | undefined {
  const param = new URLSearchParams(search).get(POLICY_PARAM);
  return param === null ? undefined : decodePolicyParam(param);
}

/** The same address with the policy set, or removed for the default; other parameters kept. */
export function searchWithPolicy(search: string, policy: Policy | undefined): string {
  const params = new URLSearchParams(search);
  if (policy) params.set(POLICY_PARAM, encodePolicyParam(policy));
  else params.delete(POLICY_PARAM);
  const text = params.toString();
  return text ? `?${text}` : "";
}
