"use client";
/**
 * The clock of an open question, kept in the round panel so its ticks re-render the panel alone:
 * time used is counted while the tab is visible (a hidden tab pauses the question) and handed to the
 * round every few seconds and when the limit is reached, where it ends the question.
 */
import { useEffect, useState } from "react";

const TICK_MS = 250;
/** How often time used is handed to the round (and so saved for a reload). */
const REPORT_MS = 5_000;

/** Milliseconds counted since the last report, while `leftMs` of the limit remained at it. */
export function useQuestionClock(running: boolean, leftMs: number, onElapse: (ms: number) => void): number {
  const [pending, setPending] = useState(0);

  useEffect(() => {
    if (!running) return;
    let last = performance.now();
    let counted = 0;
    const restart = () => {
      last = performance.now();
    };
    const tick = () => {
      const now = performance.now();
      const delta = now - last;
      last = now;
      if (document.visibilityState !== "visible") return;
      counted += delta;
      if (counted >= leftMs || counted >= REPORT_MS) {
        onElapse(counted);
        counted = 0;
      }
      setPending(counted);
    };
    const timer = window.setInterval(tick, TICK_MS);
    // Time spent hidden is not the student's: the count starts again from the moment it is visible.
    document.addEventListener("visibilitychange", restart);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", restart);
      setPending(0);
    };
  }, [running, leftMs, onElapse]);

  return running ? pending : 0;
}
