"use client";
/**
 * The teaching route of this page, read from and written to the address's hash, so a deep link opens
 * the tour, a handshake or a scenario where it points, the browser's Back steps out again, and a
 * reload keeps the place. The hash is the one source of truth: components never keep a copy.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { formatTeachRoute, parseTeachRoute, type TeachRoute } from "./teach-route";

/** history.pushState fires no hashchange: the page tells its own subscribers with this event. */
const ROUTE_EVENT = "k8s-pki:teach-route";

function subscribe(notify: () => void): () => void {
  window.addEventListener("hashchange", notify);
  window.addEventListener(ROUTE_EVENT, notify);
  return () => {
    window.removeEventListener("hashchange", notify);
    window.removeEventListener(ROUTE_EVENT, notify);
  };
}

const currentHash = () => window.location.hash;
const noHash = () => "";

export interface TeachRouteControls {
  route: TeachRoute | undefined;
  /** Go to a route (a new history entry), or leave teaching mode with undefined. */
  navigate: (route: TeachRoute | undefined) => void;
}

/** The hash route, kept in step with the address. */
export function useTeachRoute(): TeachRouteControls {
  const hash = useSyncExternalStore(subscribe, currentHash, noHash);
  const navigate = useCallback((route: TeachRoute | undefined) => {
    const { pathname, search } = window.location;
    const next = formatTeachRoute(route);
    if (next === window.location.hash) return;
    window.history.pushState(null, "", `${pathname}${search}${next}`);
    window.dispatchEvent(new Event(ROUTE_EVENT));
  }, []);
  // One object per hash, so effects that depend on the route run when it changes, not on every render.
  const route = useMemo(() => parseTeachRoute(hash), [hash]);
  return { route, navigate };
}
