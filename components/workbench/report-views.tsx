/**
 * Every view of a judged report, side by side on a wide screen and stacked on a phone: the graph and
 * the timeline with the detail panel beside them (a bottom sheet on a phone), then the findings, the
 * renewal plan and the certificate inventory. They talk to each other only through `onSelect`.
 */
import { isUnwired } from "@/lib/view/unwired";
import { memo, useRef, type ReactNode } from "react";
import { DetailPanel } from "@/components/detail/detail-panel";
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { FindingsList } from "@/components/findings/findings-list";
import { TopologyGraph } from "@/components/graph/topology-graph";
import { CertificateInventory } from "@/components/inventory/certificate-inventory";
import { GenericPkiGraph } from "@/components/pki/generic-pki-graph";
import type { RenewalPlan } from "@/lib/plan/types";
import { RenewalPlanView } from "@/components/plan/renewal-plan-view";
import { testIds } from "@/components/test-ids";
import { ExpiryTimeline } from "@/components/timeline/expiry-timeline";
import { BottomSheet } from "./bottom-sheet";
import { landmarkIds } from "./landmarks";
import { useLessonCard } from "./use-lesson-card";

export interface ReportViewsProps {
  viewProps: ExplorerViewProps;
  /** The report's renewal plan, worked out in the engine after the report; undefined until then. */
  plan: RenewalPlan | undefined;
  closeDetails: () => void;
  /**
   * The teaching mode's panel (tour, handshake, flow, scenario): it takes the detail panel's place
   * beside the graph; on a phone it is a sheet over the bottom of the screen with the lit edge
   * scrolled into the part above it, and on a projector (presenter mode) one card over a
   * full-screen graph, beside the lit edge (app/globals.css, use-lesson-card.ts).
   */
  teach?: ReactNode;
  /** A quiz not yet answered: the graph shows no status. */
  statusHidden?: boolean;
}

/** Memoised: progress of the next analysis re-renders the workbench, not the views of the last one. */
export const ReportViews = memo(function ReportViews({
  viewProps,
  plan,
  closeDetails,
  teach,
  statusHidden,
}: ReportViewsProps) {
  const { report } = viewProps;
  const graphRef = useRef<HTMLElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  useLessonCard(teach !== undefined, cardRef, graphRef);
  return (
    <>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(340px,400px)] print:block">
        <div className="flex min-w-0 flex-col gap-3">
          <section
            ref={graphRef}
            id={landmarkIds.graph}
            tabIndex={-1}
            aria-label="Trust topology"
            data-testid={testIds.graph}
            data-export="graph"
            className="border-line bg-surface min-w-0 overflow-hidden rounded-xl border"
          >
            {isUnwired(report) ? (
              <GenericPkiGraph {...viewProps} />
            ) : (
              <TopologyGraph {...viewProps} statusHidden={statusHidden} focusLit={teach !== undefined} />
            )}
          </section>
          <section
            aria-label="Expiry timeline"
            data-testid={testIds.timeline}
            data-export="timeline"
            className="border-line bg-surface min-w-0 overflow-hidden rounded-xl border"
          >
            <ExpiryTimeline {...viewProps} />
          </section>
        </div>
        <aside
          ref={cardRef}
          aria-label={teach ? "Lesson" : "Details"}
          data-testid={testIds.detailPanel}
          data-lesson-card={teach ? "" : undefined}
          className={`border-line bg-surface overflow-y-auto rounded-xl border lg:sticky lg:top-3 lg:block lg:max-h-[calc(100dvh-1.5rem)] print:hidden ${
            teach
              ? "max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-40 max-lg:max-h-[46dvh] max-lg:rounded-b-none max-lg:shadow-[0_-8px_30px_rgba(0,0,0,0.25)]"
              : "hidden"
          }`}
        >
          {teach ?? <DetailPanel {...viewProps} onClose={closeDetails} />}
        </aside>
      </div>
      <section
        aria-label="Findings"
        data-testid={testIds.findings}
        className="border-line bg-surface rounded-xl border"
      >
        <FindingsList {...viewProps} />
      </section>
      <section
        aria-label="Renewal plan"
        data-chrome=""
        data-testid={testIds.renewalPlan}
        className="border-line bg-surface rounded-xl border"
      >
        <RenewalPlanView {...viewProps} plan={plan} />
      </section>
      <section
        aria-label="Certificates"
        data-chrome=""
        data-testid={testIds.inventory}
        className="border-line bg-surface rounded-xl border"
      >
        <CertificateInventory {...viewProps} />
      </section>
      <BottomSheet open={viewProps.selection !== null && !teach} onClose={closeDetails} label="Details">
        <div data-testid={testIds.detailPanel} className="lg:hidden">
          <DetailPanel {...viewProps} onClose={closeDetails} />
        </div>
      </BottomSheet>
    </>
  );
});
