"use client";
/**
 * The timeline's rows for a report: built at once for a node or a small cluster, in steps after the
 * page has painted for a fleet (see components/explorer/use-steps.ts). Undefined while they are built.
 */
import { useCallback } from "react";
import { useSteps } from "@/components/explorer/use-steps";
import type { Report } from "@/lib/report";
import type { TimelineModel } from "./timeline-model";
import { timelineSteps } from "./timeline-rows";

/** Up to this many certificates the rows are built at once: a few milliseconds. */
export const BUILD_AT_ONCE_UP_TO = 500;

export function useTimelineModel(report: Report): TimelineModel | undefined {
  const make = useCallback(() => timelineSteps(report), [report]);
  return useSteps(make, report.certificates.length <= BUILD_AT_ONCE_UP_TO);
}
