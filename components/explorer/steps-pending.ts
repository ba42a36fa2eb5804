"use client";
/**
 * How many views are still building their part of the current report in steps (use-steps.ts). The
 * page says `data-analysis="done"` only when none is: "done" means every view shows the new report,
 * so whoever automates the page never reads a graph or timeline still being drawn, or an old one.
 */
import { useSyncExternalStore } from "react";

let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Count one stepped build as under way; the returned function ends it (once). */
export function beginSteps(): () => void {
  pending += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    notify();
  };
}

/** How many stepped builds are under way now. */
export function stepsUnderWay(): number {
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while some view still builds the current report in steps. */
export function useStepsPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => stepsUnderWay() > 0,
    () => false,
  );
}
