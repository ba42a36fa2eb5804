/**
 * The one line the panels say about a presented credential's private key. Never key material: at
 * most the algorithm, where it was found and whether it belongs to the certificate
 * ("ECDSA P-256 private key, matches").
 */
import type { CredentialRef } from "@/lib/report";

export type KeyTone = "ok" | "error" | "unknown";

export interface KeyLine {
  tone: KeyTone;
  text: string;
  /** Where the key was read from, when one was found. */
  source?: string;
}

/** Describe the private key behind `credential`: matched, mismatched, or not found in the input. */
export function describeKey(
  credential: Pick<CredentialRef, "keyDescription" | "keyMatches" | "keySource">,
): KeyLine {
  const what = credential.keyDescription ?? "private key";
  const source = credential.keySource;
  if (credential.keyMatches === true) return { tone: "ok", text: `${what}, matches`, source };
  if (credential.keyMatches === false) return { tone: "error", text: `${what}, does not match`, source };
  if (source) return { tone: "unknown", text: `${what}, not compared`, source };
  return { tone: "unknown", text: "no key found" };
}
