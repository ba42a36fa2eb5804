/**
 * The policy form's state: the numbers a person edits as text, over the policy they started from
 * (a preset, a loaded file, the address's), whose other settings — signature algorithms, EKUs per
 * role, layouts, roles — ride along unchanged. Turning a draft back into a policy goes through the
 * same strict reading as a file, so the form cannot make a policy the CLI would refuse.
 */
import { KUBEADM_DEFAULT_POLICY } from "@/lib/policy/default-policy";
import { policyData } from "@/lib/policy/policy-data";
import { policyFromData } from "@/lib/policy/policy-from-data";
import type { Policy } from "@/lib/policy/policy";
import { ok, type Result } from "@/lib/shared/result";

export interface PolicyDraft {
  name: string;
  leafMaxDays: string;
  caMaxDays: string;
  minRsaBits: string;
  /** Allowed curves; none ticked: any curve. */
  curves: string[];
  windowCa: string;
  windowLeaf: string;
  windowKubelet: string;
  /** The policy the draft started from, for the settings the form does not show. */
  base: Policy;
}

const text = (value: number | undefined) => (value === undefined ? "" : String(value));

/** The form's state for a policy (undefined: the built-in default). */
export function draftOf(policy: Policy | undefined): PolicyDraft {
  const base = policy ?? KUBEADM_DEFAULT_POLICY;
  return {
    name: base.name,
    leafMaxDays: text(base.leaf?.maxDays),
    caMaxDays: text(base.ca?.maxDays),
    minRsaBits: text(base.keys?.minRsaBits),
    curves: [...(base.keys?.allowedCurves ?? [])],
    windowCa: text(base.expiryWindowDays?.ca),
    windowLeaf: text(base.expiryWindowDays?.leaf),
    windowKubelet: text(base.expiryWindowDays?.kubelet),
    base,
  };
}

/** A field's text as a number for the strict reader: blank is absent, anything else is passed on. */
function field(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function section(entries: Record<string, unknown>): Record<string, unknown> | undefined {
  const defined = Object.entries(entries).filter(([, value]) => value !== undefined);
  return defined.length > 0 ? Object.fromEntries(defined) : undefined;
}

/**
 * The policy a draft stands for: undefined when it is the built-in default unchanged, else the
 * policy or the first fault, worded as for a file.
 */
export function policyOfDraft(draft: PolicyDraft): Result<Policy | undefined> {
  const data: Record<string, unknown> = { ...policyData(draft.base), name: draft.name.trim() };
  const set = (key: string, value: unknown) => {
    if (value === undefined) delete data[key];
    else data[key] = value;
  };
  set("leaf", section({ maxDays: field(draft.leafMaxDays) }));
  set("ca", section({ maxDays: field(draft.caMaxDays) }));
  set(
    "keys",
    section({
      minRsaBits: field(draft.minRsaBits),
      allowedCurves: draft.curves.length > 0 ? draft.curves : undefined,
    }),
  );
  set(
    "expiryWindowDays",
    section({
      ca: field(draft.windowCa),
      leaf: field(draft.windowLeaf),
      kubelet: field(draft.windowKubelet),
    }),
  );
  const read = policyFromData(data);
  if (!read.ok) return read;
  const builtIn = JSON.stringify(policyData(KUBEADM_DEFAULT_POLICY));
  if (JSON.stringify(policyData(read.value)) === builtIn) return ok(undefined);
  // The default changed is no longer the default: its findings must not say "kubeadm-default".
  if (read.value.name === KUBEADM_DEFAULT_POLICY.name) return ok({ ...read.value, name: "custom" });
  return read;
}

/** A short description of a policy for the toolbar button (it shares a row with the thresholds). */
export function describePolicy(policy: Policy | undefined): string {
  return `Policy: ${policy ? policy.name : "kubeadm"}`;
}

/** The button's tooltip: the policy's main limits. */
export function explainPolicy(policy: Policy | undefined): string {
  if (!policy) return "Audit policy: kubeadm's default, 1-year leaves and 10-year CAs on what kubeadm made";
  const parts: string[] = [];
  if (policy.leaf?.maxDays !== undefined) parts.push(`leaves ≤ ${policy.leaf.maxDays} d`);
  if (policy.ca?.maxDays !== undefined) parts.push(`CAs ≤ ${policy.ca.maxDays} d`);
  if (policy.keys?.minRsaBits !== undefined) parts.push(`RSA ≥ ${policy.keys.minRsaBits}`);
  return `Audit policy "${policy.name}"${parts.length > 0 ? `: ${parts.join(", ")}` : ""}`;
}

/** What the file sets beyond the form's fields, in a few words (empty: nothing). */
export function otherSettings(policy: Policy): string[] {
  const out: string[] = [];
  if (policy.signatureAlgorithms) out.push(`${policy.signatureAlgorithms.length} signature algorithms`);
  const roles = Object.keys(policy.requiredEku ?? {});
  if (roles.length > 0) out.push(`EKUs for ${roles.length} ${roles.length === 1 ? "role" : "roles"}`);
  if (policy.layouts) out.push(`layouts ${policy.layouts.join(", ")}`);
  if (policy.roles) out.push(`${policy.roles.length} roles judged`);
  return out;
}
