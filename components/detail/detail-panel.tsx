"use client";
/**
 * Details of what is selected — a relationship (both sides, chains, identity, findings and fixes),
 * a component, a trust anchor, a certificate or a finding — or an overview when nothing is. The
 * workbench places it beside the graph or in a bottom sheet and names the region; the panel itself
 * only scrolls and adapts its columns to the width it is given.
 */
import { useRef } from "react";
import { selectionKey, type ExplorerViewProps, type Selection } from "@/components/explorer/selection";
import { testIds } from "@/components/test-ids";
import { AnchorDetail } from "./anchor-detail";
import { CertificateDetail } from "./certificate-detail";
import { ComponentDetail } from "./component-detail";
import { type LinkProps } from "./detail-links";
import { FindingDetail } from "./finding-detail";
import { KubeletGroupDetail } from "./kubelet-group-detail";
import { OverviewDetail } from "./overview-detail";
import { RelationshipDetail } from "./relationship-detail";
import { useRevealTop } from "./use-reveal-top";
import { RotationPlanDetail } from "@/components/rotation/rotation-plan-detail";
import { WhatIfPanel } from "@/components/whatif/what-if-panel";
import { ExplainPanel } from "@/components/explain/explain-panel";
import { LineIcon } from "@/components/shared/icons";

export interface DetailPanelProps extends ExplorerViewProps {
  onClose: () => void;
}

const KIND_LABEL = {
  relationship: "Relationship",
  component: "Component",
  anchor: "Trust anchor",
  certificate: "Certificate",
  finding: "Finding",
  rotation: "CA rotation",
  "what-if": "What-if (simulated)",
  explain: "Paste an error",
  "kubelet-group": "Kubelet group",
} as const;

function NotFound({ what }: { what: string }) {
  return <p className="text-muted text-sm">This {what} is not in the current report.</p>;
}

function DetailBody({ selection, ...links }: LinkProps & { selection: Selection }) {
  const { report } = links;
  if (!selection) return <OverviewDetail {...links} />;
  switch (selection.kind) {
    case "relationship": {
      const relationship = report.relationships.find((candidate) => candidate.key === selection.key);
      return relationship ? (
        <RelationshipDetail {...links} relationship={relationship} />
      ) : (
        <NotFound what="relationship" />
      );
    }
    case "component": {
      const component = report.components.find((candidate) => candidate.id === selection.id);
      return component ? <ComponentDetail {...links} component={component} /> : <NotFound what="component" />;
    }
    case "anchor": {
      const anchor = report.trustAnchors.find((candidate) => candidate.id === selection.id);
      return anchor ? <AnchorDetail {...links} anchor={anchor} /> : <NotFound what="trust anchor" />;
    }
    case "certificate": {
      const certificate = report.certificates.find((candidate) => candidate.id === selection.id);
      return certificate ? (
        <CertificateDetail {...links} certificate={certificate} />
      ) : (
        <NotFound what="certificate" />
      );
    }
    case "rotation":
      return <RotationPlanDetail report={report} root={selection.root} />;
    case "what-if":
      return <WhatIfPanel report={report} />;
    case "explain":
      return <ExplainPanel {...links} text={selection.text} />;
    case "kubelet-group":
      return <KubeletGroupDetail {...links} relationship={selection.relationship} />;
    case "finding": {
      const finding = report.findings[selection.index];
      return finding ? (
        <FindingDetail {...links} finding={finding} index={selection.index} />
      ) : (
        <NotFound what="finding" />
      );
    }
  }
}

export function DetailPanel({ report, selection, onSelect, onHover, onClose }: DetailPanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  useRevealTop(ref, scroller, selectionKey(selection), selection !== null);
  return (
    <div ref={ref} className="bg-surface @container isolate flex h-full min-h-0 flex-col">
      {/* Sticky, so the close button stays in reach whichever ancestor does the scrolling. */}
      <header className="border-line bg-surface sticky top-0 z-[1] flex h-10 shrink-0 items-center gap-2 border-b pr-1.5 pl-4">
        <span className="text-muted text-xs font-medium">
          {selection ? KIND_LABEL[selection.kind] : "Details"}
        </span>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close details"
          data-testid={testIds.closeDetails}
          className="text-muted hover:bg-raised hover:text-fg ml-auto inline-flex size-7 items-center justify-center rounded-md transition-colors"
        >
          <LineIcon>
            <path d="m4 4 8 8m0-8-8 8" />
          </LineIcon>
        </button>
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">
        {/* Keyed by the selection: another anchor or component starts with its long lists folded again. */}
        <DetailBody
          key={selectionKey(selection)}
          report={report}
          onSelect={onSelect}
          onHover={onHover}
          selection={selection}
        />
      </div>
    </div>
  );
}
