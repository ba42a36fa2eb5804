import { describe, expect, it } from "vitest";
import { STRICT_POLICY } from "@/lib/policy/policy-presets";
import {
  MAX_POLICY_PARAM,
  decodePolicyParam,
  encodePolicyParam,
  policyFromSearch,
  searchWithPolicy,
} from "./policy-url";

describe("the policy in the page's address", () => {
  it("round-trips a policy through the address, other parameters kept", () => {
    const search = searchWithPolicy("?judge=2026-06-01", STRICT_POLICY);
    expect(search).toMatch(/^\?judge=2026-06-01&policy=[A-Za-z0-9_-]+$/);
    expect(policyFromSearch(search)).toEqual({ ok: true, value: STRICT_POLICY });
  });

  it("is compact: the strict policy fits a shareable link", () => {
    expect(encodePolicyParam(STRICT_POLICY).length).toBeLessThan(1500);
  });

  it("removing the policy leaves the other parameters", () => {
    const search = searchWithPolicy("?policy=abc&judge=x", undefined);
    expect(search).toBe("?judge=x");
    expect(searchWithPolicy("?policy=abc", undefined)).toBe("");
    expect(policyFromSearch("?judge=x")).toBeUndefined();
  });

  it.each([
    { name: "not base64url", param: "%%%", want: /damaged \(not base64url UTF-8\)/ },
    { name: "not JSON", param: btoa("leaf: 90").replace(/=+$/, ""), want: /damaged \(not JSON\)/ },
    {
      name: "a bad key",
      param: btoa('{"leaf":{"maxDays":"x"}}').replace(/=+$/, ""),
      want: /the link's policy: 'leaf\.maxDays' must be a whole number/,
    },
    { name: "too long", param: "A".repeat(MAX_POLICY_PARAM + 1), want: /over 8192 characters/ },
    { name: "not UTF-8", param: "_w", want: /damaged/ },
  ])("a damaged link says so: $name", ({ param, want }) => {
    const read = decodePolicyParam(param);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toMatch(want);
  });
});
