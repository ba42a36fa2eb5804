"use client";
/**
 * The thresholds in effect and a setter, remembered across visits. The static export renders the
 * defaults; the stored choice takes over right after hydration (useSyncExternalStore's server
 * snapshot), so the markup never mismatches and no analysis runs with a stale value.
 */
import { useSyncExternalStore } from "react";
import { createThresholdStore } from "./threshold-store";
import { DEFAULT_THRESHOLDS, type Thresholds } from "./thresholds";

const store = createThresholdStore(() => (typeof window === "undefined" ? undefined : window.localStorage));
const serverSnapshot = () => DEFAULT_THRESHOLDS;

/** The thresholds in effect and a setter that stores them. */
export function useThresholds(): [Thresholds, (next: Thresholds) => void] {
  const thresholds = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  return [thresholds, store.set];
}
