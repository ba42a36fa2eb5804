"use client";
/**
 * Work over a whole report done in steps. A node's or a small cluster's views are built at once,
 * while the page renders; a fleet's are generators that yield every few milliseconds, and the hook
 * runs their steps in separate tasks after the page has painted, so no task freezes the page.
 */
import { useEffect, useMemo, useState } from "react";
import { finishSteps } from "./finish-steps";
import { beginSteps } from "./steps-pending";

/** How long one task may spend on steps before it lets the page paint and answer. */
const SLICE_MS = 8;

/**
 * The result of `make()`'s steps: at once when `atOnce`, otherwise built over several tasks and
 * undefined until done. `make` names the work: a new function (a new report, a new variant) starts
 * it again and drops the old one.
 */
export function useSteps<T>(make: () => Generator<void, T>, atOnce: boolean): T | undefined {
  const now = useMemo(() => (atOnce ? finishSteps(make()) : undefined), [make, atOnce]);
  const [stepped, setStepped] = useState<{ make: () => Generator<void, T>; value: T }>();
  useEffect(() => {
    if (atOnce) return;
    const steps = make();
    // Counted until its value is set, so the page says "done" only once this view shows it.
    const end = beginSteps();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const until = performance.now() + SLICE_MS;
      let step = steps.next();
      while (!step.done && performance.now() < until) step = steps.next();
      if (step.done) {
        setStepped({ make, value: step.value });
        end();
      } else timer = setTimeout(run, 0);
    };
    timer = setTimeout(run, 0);
    return () => {
      clearTimeout(timer);
      end();
    };
  }, [make, atOnce]);
  return atOnce ? now : stepped?.make === make ? stepped.value : undefined;
}
