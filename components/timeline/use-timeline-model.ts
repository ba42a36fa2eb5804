"use client";
/**
 * The timeline's rows for a report. A node's or a small cluster's are built at once, while the page
 * renders; a fleet's ten thousand certificates are built in steps of a few milliseconds in separate
 * tasks after the rest of the page has painted, so the graph is not kept waiting and no task freezes
 * the page. Undefined while they are being built.
 */
import { useEffect, useMemo, useState } from "react";
import type { Report } from "@/lib/report";
import { buildTimeline, timelineSteps, type TimelineModel } from "./timeline-rows";

/** Up to this many certificates the rows are built at once: a few milliseconds. */
export const BUILD_AT_ONCE_UP_TO = 1000;
/** How long one task may spend on building before it lets the page paint and answer. */
const SLICE_MS = 12;

export function useTimelineModel(report: Report): TimelineModel | undefined {
  const atOnce = report.certificates.length <= BUILD_AT_ONCE_UP_TO;
  const built = useMemo(() => (atOnce ? buildTimeline(report) : undefined), [report, atOnce]);
  const [stepped, setStepped] = useState<{ report: Report; model: TimelineModel }>();
  useEffect(() => {
    if (atOnce) return;
    const steps = timelineSteps(report);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const until = performance.now() + SLICE_MS;
      let step = steps.next();
      while (!step.done && performance.now() < until) step = steps.next();
      if (step.done) setStepped({ report, model: step.value });
      else timer = setTimeout(run, 0);
    };
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [report, atOnce]);
  return built ?? (stepped?.report === report ? stepped.model : undefined);
}
