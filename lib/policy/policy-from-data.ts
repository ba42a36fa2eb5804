/**
 * A policy from plain data, strictly: one mapping of known keys with values in range, or one
 * message naming the first key that is wrong and what it accepts. What a policy file parses to and
 * what the page's URL carries both pass here; it has no YAML in it, so the page's first load stays light.
 */
import { fail, ok, type Result } from "../shared/result";
import {
  POLICY_CURVES,
  POLICY_EKUS,
  POLICY_KEYS,
  POLICY_LAYOUTS,
  POLICY_ROLES,
  POLICY_SIGNATURE_ALGORITHMS,
  type Policy,
} from "./policy";

/** A century: longer than any certificate anyone issues. */
const MAX_DAYS = 36_500;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,63}$/;

type Fields = Record<string, unknown>;

const isMap = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Quote a value from the file for a message, short and on one line. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? `'${value}'` : (JSON.stringify(value) ?? String(value));
  const line = text.replace(/\s+/g, " ");
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

class PolicyError extends Error {}

function refuse(message: string): never {
  throw new PolicyError(message);
}

function mapping(value: unknown, key: string, known: readonly string[]): Fields {
  if (!isMap(value)) refuse(`'${key}' must be a mapping with ${known.join(", ")}`);
  for (const field of Object.keys(value))
    if (!known.includes(field)) refuse(`unknown key '${key}.${field}' (known: ${known.join(", ")})`);
  return value;
}

function wholeNumber(value: unknown, key: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    refuse(`'${key}' must be a whole number from ${min} to ${max}, not ${shown(value)}`);
  return value;
}

function listOf(value: unknown, key: string, allowed: readonly string[]): string[] {
  if (!Array.isArray(value) || value.length === 0)
    refuse(`'${key}' must be a non-empty list of ${allowed.join(", ")}`);
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== "string" || !allowed.includes(item))
      refuse(`'${key}' has ${shown(item)}: use ${allowed.join(", ")}`);
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

function maxDays(value: unknown, key: string): { maxDays?: number } {
  const fields = mapping(value, key, ["maxDays"]);
  return fields.maxDays === undefined
    ? {}
    : { maxDays: wholeNumber(fields.maxDays, `${key}.maxDays`, 1, MAX_DAYS) };
}

function readKeys(value: unknown): NonNullable<Policy["keys"]> {
  const fields = mapping(value, "keys", ["minRsaBits", "allowedCurves"]);
  return {
    ...(fields.minRsaBits === undefined
      ? {}
      : { minRsaBits: wholeNumber(fields.minRsaBits, "keys.minRsaBits", 1024, 16_384) }),
    ...(fields.allowedCurves === undefined
      ? {}
      : { allowedCurves: listOf(fields.allowedCurves, "keys.allowedCurves", POLICY_CURVES) }),
  };
}

function readWindows(value: unknown): NonNullable<Policy["expiryWindowDays"]> {
  const fields = mapping(value, "expiryWindowDays", ["ca", "leaf", "kubelet"]);
  const out: NonNullable<Policy["expiryWindowDays"]> = {};
  for (const kind of ["ca", "leaf", "kubelet"] as const) {
    const days = fields[kind];
    if (days !== undefined) out[kind] = wholeNumber(days, `expiryWindowDays.${kind}`, 0, MAX_DAYS);
  }
  return out;
}

function readRequiredEku(value: unknown): Record<string, string[]> {
  const fields = mapping(value, "requiredEku", POLICY_ROLES);
  const out: Record<string, string[]> = {};
  for (const role of POLICY_ROLES) {
    const ekus = fields[role];
    if (ekus !== undefined) out[role] = listOf(ekus, `requiredEku.${role}`, POLICY_EKUS);
  }
  return out;
}

function build(value: unknown): Policy {
  const fields = mapping(value, "policy", POLICY_KEYS);
  const name = fields.name ?? "policy";
  if (typeof name !== "string" || !NAME.test(name))
    refuse(`'name' must be 1 to 64 letters, digits, spaces, dots, dashes or underscores, not ${shown(name)}`);
  const policy: Policy = { name, origin: "file" };
  if (fields.layouts !== undefined) policy.layouts = listOf(fields.layouts, "layouts", POLICY_LAYOUTS);
  if (fields.roles !== undefined) policy.roles = listOf(fields.roles, "roles", POLICY_ROLES);
  if (fields.leaf !== undefined) policy.leaf = maxDays(fields.leaf, "leaf");
  if (fields.ca !== undefined) policy.ca = maxDays(fields.ca, "ca");
  if (fields.keys !== undefined) policy.keys = readKeys(fields.keys);
  if (fields.signatureAlgorithms !== undefined)
    policy.signatureAlgorithms = listOf(
      fields.signatureAlgorithms,
      "signatureAlgorithms",
      POLICY_SIGNATURE_ALGORITHMS,
    );
  if (fields.expiryWindowDays !== undefined) policy.expiryWindowDays = readWindows(fields.expiryWindowDays);
  if (fields.requiredEku !== undefined) policy.requiredEku = readRequiredEku(fields.requiredEku);
  if (!setsALimit(policy))
    refuse(
      "the policy sets no limit: give at least one of leaf.maxDays, ca.maxDays, keys, signatureAlgorithms, expiryWindowDays, requiredEku",
    );
  return policy;
}

/** True when the policy judges anything at all. */
export function setsALimit(policy: Policy): boolean {
  return (
    policy.leaf?.maxDays !== undefined ||
    policy.ca?.maxDays !== undefined ||
    policy.keys?.minRsaBits !== undefined ||
    policy.keys?.allowedCurves !== undefined ||
    policy.signatureAlgorithms !== undefined ||
    Object.keys(policy.expiryWindowDays ?? {}).length > 0 ||
    Object.keys(policy.requiredEku ?? {}).length > 0
  );
}

/**
 * A policy from plain data (a parsed file, the page's URL): every key known, every value in range,
 * or the first fault. The result is a fresh object with `origin: "file"`.
 */
export function policyFromData(value: unknown): Result<Policy> {
  try {
    return ok(build(value));
  } catch (error) {
    if (error instanceof PolicyError) return fail(error.message);
    throw error;
  }
}
