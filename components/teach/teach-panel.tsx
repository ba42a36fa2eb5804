"use client";
/**
 * The teaching mode's panel (teach-panel-body.tsx), loaded when a lesson is opened: its lessons,
 * tour and flows are code the demo's first paint does not need. Until it arrives the page says
 * `data-analysis="running"`.
 */
import dynamic from "next/dynamic";
import type { RelationshipId, Report } from "@/lib/report";
import { primaryInstance } from "@/lib/teach/report-facts";
import { PendingView } from "@/components/explorer/pending-view";
import type { TeachRoute } from "./teach-route";

export type { TeachPanelProps } from "./teach-panel-body";

export const TeachPanel = dynamic(
  () => import("./teach-panel-body").then((module) => module.TeachPanelBody),
  {
    ssr: false,
    loading: PendingView,
  },
);

/** The relationship key a route lights up in the graph: the tour step's primary instance, or the handshake's. */
export function teachRelationshipKey(report: Report, route: TeachRoute | undefined): string | undefined {
  if (route?.kind === "handshake") return route.key;
  if (route?.kind !== "tour") return undefined;
  return primaryInstance(report, route.step as RelationshipId)?.key;
}
