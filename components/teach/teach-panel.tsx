"use client";
/**
 * The teaching mode's panel, in the place of the detail panel: the tour step, the handshake or the
 * flow the address names. Scenarios have their own panel (scenario-panel.tsx), which the workbench
 * shows because it owns the scenario's loading.
 */
import type { RelationshipId, Report } from "@/lib/report";
import { primaryInstance } from "@/lib/teach/report-facts";
import { testIds } from "../test-ids";
import { FlowPanel } from "./flow-panel";
import { HandshakePanel } from "./handshake-panel";
import type { TeachRoute } from "./teach-route";
import { TourPanel } from "./tour-panel";

export interface TeachPanelProps {
  report: Report;
  route: TeachRoute;
  navigate: (route: TeachRoute | undefined) => void;
}

export function TeachPanel({ report, route, navigate }: TeachPanelProps) {
  return (
    <div data-testid={testIds.teachPanel} className="bg-surface">
      {route.kind === "tour" ? <TourPanel report={report} step={route.step} navigate={navigate} /> : null}
      {route.kind === "handshake" ? (
        <HandshakePanel key={route.key} report={report} relationshipKey={route.key} navigate={navigate} />
      ) : null}
      {route.kind === "flow" ? <FlowPanel report={report} flowId={route.id} navigate={navigate} /> : null}
    </div>
  );
}

/** The relationship key a route lights up in the graph: the tour step's primary instance, or the handshake's. */
export function teachRelationshipKey(report: Report, route: TeachRoute | undefined): string | undefined {
  if (route?.kind === "handshake") return route.key;
  if (route?.kind !== "tour") return undefined;
  return primaryInstance(report, route.step as RelationshipId)?.key;
}
