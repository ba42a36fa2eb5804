"use client";
/**
 * The audit policy in effect (from the page's address) and a setter. The static export renders
 * "no policy"; the address's policy takes over right after hydration (useSyncExternalStore's server
 * snapshot), before the first analysis is asked for.
 */
import { useSyncExternalStore } from "react";
import type { Policy } from "@/lib/policy/policy";
import { createPolicyStore, NO_POLICY, type PolicyState } from "./policy-store";

const store = createPolicyStore(
  () => (typeof window === "undefined" ? undefined : window.location),
  () => (typeof window === "undefined" ? undefined : window.history),
);
const serverSnapshot = () => NO_POLICY;

/** The policy state in effect and a setter that writes it into the address (undefined: the default). */
export function usePolicy(): [PolicyState, (next: Policy | undefined) => void] {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  return [state, store.set];
}
