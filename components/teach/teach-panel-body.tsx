"use client";
/**
 * The teaching mode's panel, in the place of the detail panel: the tour step, the handshake or the
 * flow the address names. Loaded when a lesson is opened (teach-panel.tsx). Scenarios have their own
 * panel (scenario-panel.tsx), which the workbench shows because it owns the scenario's loading.
 */
import type { Report } from "@/lib/report";
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

export function TeachPanelBody({ report, route, navigate }: TeachPanelProps) {
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
