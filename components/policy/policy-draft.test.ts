import { describe, expect, it } from "vitest";
import { KUBEADM_DEFAULT_POLICY } from "@/lib/policy/default-policy";
import { STRICT_POLICY } from "@/lib/policy/policy-presets";
import { describePolicy, draftOf, explainPolicy, otherSettings, policyOfDraft } from "./policy-draft";

describe("the policy form", () => {
  it("an untouched default is the default (no policy in the address)", () => {
    expect(policyOfDraft(draftOf(undefined))).toEqual({ ok: true, value: undefined });
  });

  it("a 90-day leaf on the default is a policy of its own, judged on kubeadm's roles still", () => {
    const read = policyOfDraft({ ...draftOf(undefined), name: "ninety", leafMaxDays: "90" });
    expect(read).toEqual({
      ok: true,
      value: { ...KUBEADM_DEFAULT_POLICY, origin: "file", name: "ninety", leaf: { maxDays: 90 } },
    });
  });

  it("the default changed but not renamed is called custom", () => {
    const read = policyOfDraft({ ...draftOf(undefined), leafMaxDays: "90" });
    expect(read.ok && read.value?.name).toBe("custom");
  });

  it("keeps what the form does not show, and clears a field left blank", () => {
    const read = policyOfDraft({ ...draftOf(STRICT_POLICY), windowKubelet: "", curves: [] });
    expect(read.ok && read.value?.signatureAlgorithms).toEqual(STRICT_POLICY.signatureAlgorithms);
    expect(read.ok && read.value?.expiryWindowDays).toEqual({ ca: 365, leaf: 30 });
    expect(read.ok && read.value?.keys).toEqual({ minRsaBits: 3072 });
  });

  it.each([
    {
      name: "text in a number",
      change: { leafMaxDays: "ninety" },
      want: /'leaf\.maxDays' must be a whole number from 1 to 36500, not 'ninety'/,
    },
    { name: "zero days", change: { caMaxDays: "0" }, want: /'ca\.maxDays' must be a whole number/ },
    {
      name: "a small RSA minimum",
      change: { minRsaBits: "512" },
      want: /'keys\.minRsaBits' must be a whole number from 1024/,
    },
    { name: "no name", change: { name: " " }, want: /'name' must be 1 to 64/ },
  ])("says why a value cannot be used: $name", ({ change, want }) => {
    const read = policyOfDraft({ ...draftOf(STRICT_POLICY), ...change });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toMatch(want);
  });

  it("describes a policy in a few words", () => {
    expect(describePolicy(undefined)).toBe("Policy: kubeadm");
    expect(describePolicy(STRICT_POLICY)).toBe("Policy: strict");
    expect(explainPolicy(STRICT_POLICY)).toBe(
      'Audit policy "strict": leaves ≤ 90 d, CAs ≤ 1825 d, RSA ≥ 3072',
    );
    expect(otherSettings(STRICT_POLICY)).toEqual(["7 signature algorithms", "EKUs for 12 roles"]);
  });
});
