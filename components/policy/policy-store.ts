/**
 * The policy in effect as an external store over the page's address (`?policy=`), for
 * `useSyncExternalStore`: the server render reads "no policy" (the built-in default), the client
 * then reads the address without a hydration mismatch. Setting it rewrites the address in place
 * (history.replaceState), so a reload or a copied link carries it.
 */
import type { Policy } from "@/lib/policy/policy";
import { policyFromSearch, searchWithPolicy } from "./policy-url";

/** The policy the address names, or why the one it names cannot be used (then the default judges). */
export interface PolicyState {
  policy?: Policy;
  error?: string;
}

export const NO_POLICY: PolicyState = {};

/** Read an address's policy state (pure: the store caches it per address). */
export function policyStateOf(search: string): PolicyState {
  const read = policyFromSearch(search);
  if (!read) return NO_POLICY;
  return read.ok ? { policy: read.value } : { error: read.reason };
}

export interface PolicyStore {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => PolicyState;
  set: (policy: Policy | undefined) => void;
}

/** A store over `location` (absent on the server). */
export function createPolicyStore(
  location: () => Location | undefined,
  history: () => History | undefined,
): PolicyStore {
  const listeners = new Set<() => void>();
  let cached: { search: string; value: PolicyState } = { search: "", value: NO_POLICY };
  const notify = () => listeners.forEach((listener) => listener());
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1 && typeof window !== "undefined") window.addEventListener("popstate", notify);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0 && typeof window !== "undefined")
          window.removeEventListener("popstate", notify);
      };
    },
    getSnapshot() {
      const search = location()?.search ?? "";
      if (search !== cached.search) cached = { search, value: policyStateOf(search) };
      return cached.value;
    },
    set(policy) {
      const where = location();
      const target = history();
      if (!where || !target) return;
      const url = `${where.pathname}${searchWithPolicy(where.search, policy)}${where.hash}`;
      target.replaceState(target.state, "", url);
      notify();
    },
  };
}
