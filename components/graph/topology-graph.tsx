"use client";
/**
 * The trust topology graph: every component and trust anchor of the report as a box, every
 * relationship instance as an edge coloured, styled and badged by status. The layout is a pure
 * function of the report and the panel's width ("d3 computes, React renders"); d3-zoom only moves the
 * viewport. Selecting or hovering anything here, or in any other view, lights its path and fades the rest.
 * In a quiz (`statusHidden`) nothing here says how a relationship stands; in presenter mode the
 * layout takes the projector's metrics (larger type, badges and lines).
 */
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import {
  highlightFor,
  selectionKey,
  type ExplorerViewProps,
  type Selection,
} from "@/components/explorer/selection";
import { testIds } from "@/components/test-ids";
import { maxOf, minOf } from "@/lib/shared/collections";
import { graphFitOptions, naturalHeight } from "./fit-transform";
import { edgeTag, legendTags, parallelEdgeIds } from "./edge-label";
import { EdgeTooltip } from "./edge-tooltip";
import { GraphEdge } from "./graph-edge";
import { buildGraphNav, byReadingOrder } from "./graph-keys";
import { litState } from "./graph-highlight";
import { GraphLegend } from "./graph-legend";
import { GraphNode } from "./graph-node";
import { COMPACT_BELOW } from "./layout-metrics";
import { statusCounts } from "./status";
import { layoutModel, modelOptionsFor, type TopologyLayout } from "./topology-layout";
import { topologyModelSteps, type TopologyModel } from "./topology-model";
import { useSteps } from "@/components/explorer/use-steps";
import { useElementSize } from "@/components/shared/use-element-size";
import { useGraphNavigation, type NavItem } from "./use-graph-navigation";
import { useZoom } from "./use-zoom";
import { ZoomControls } from "./zoom-controls";
import { ZoomSurface } from "./zoom-surface";
import { describeNode } from "./describe-node";
import { usePresenterMode } from "@/components/teach/presenter-mode";

export interface TopologyGraphProps extends ExplorerViewProps {
  /** Draw the legend under the graph (default true); off when the page shows `GraphLegend` elsewhere. */
  showLegend?: boolean;
  /**
   * A quiz not yet answered: every edge is drawn, named, described and marked alike, and neither the
   * header, the legend nor a box's name says how any relationship stands.
   */
  statusHidden?: boolean;
  /**
   * A lesson on a phone: the drawing zooms to the boxes the lesson lights (its edge's ends), so the
   * step's edge is read at a useful size above the lesson's sheet.
   */
  focusLit?: boolean;
  className?: string;
}

/** Up to this many relationships the graph's model is built at once: a few milliseconds. */
export const BUILD_AT_ONCE_UP_TO = 600;

const EMPTY_MODEL: TopologyModel = { nodes: [], edges: [], aggregatedKubelets: 0 };

/** The drawn item a selection stands for, so Tab comes back to it. */
function selectedItem(selection: Selection, layout: TopologyLayout): NavItem | undefined {
  if (selection?.kind === "relationship") {
    const edge = layout.edges.find((e) => e.keys.includes(selection.key));
    return edge && { kind: "edge", id: edge.id };
  }
  if (selection?.kind === "component" || selection?.kind === "anchor") {
    const node = layout.nodes.find((n) => n.id === selection.id || n.members.includes(selection.id));
    return node && { kind: "node", id: node.id };
  }
  if (selection?.kind === "kubelet-group") {
    const edge = layout.edges.find((e) => sameGroupSelection(selection, e.selection));
    if (edge) return { kind: "edge", id: edge.id };
    const node = layout.nodes.find((n) => sameGroupSelection(selection, n.selection));
    return node && { kind: "node", id: node.id };
  }
  return undefined;
}

/** The kubelet group's view (node) or one relationship of the group's (edge) is what is selected. */
function sameGroupSelection(selection: Selection, drawn: Selection): boolean {
  return selection?.kind === "kubelet-group" && selectionKey(selection) === selectionKey(drawn);
}

/** The topology graph view. */
export function TopologyGraph(props: TopologyGraphProps) {
  const { report, selection, onSelect, highlight, onHover, showLegend = true, className = "" } = props;
  const { statusHidden = false, focusLit = false } = props;
  const [presenter] = usePresenterMode();
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const viewportRef = useRef<SVGGElement>(null);
  const size = useElementSize(containerRef);
  const [hovered, setHovered] = useState<Selection>(null);
  const [tip, setTip] = useState<{ edgeId: string; x: number; y: number } | null>(null);
  const tipId = useId();
  const keysId = useId();

  const compact = size.width > 0 && size.width < COMPACT_BELOW;
  // A fleet's model is built in steps after the page has painted; until then the graph is empty
  // and says it is being drawn.
  const makeModel = useCallback(
    () =>
      topologyModelSteps(
        report,
        modelOptionsFor({ width: compact ? COMPACT_BELOW - 1 : COMPACT_BELOW, height: 0 }),
      ),
    [report, compact],
  );
  const model = useSteps(makeModel, report.relationships.length <= BUILD_AT_ONCE_UP_TO);
  const layout = useMemo(
    () => layoutModel(model ?? EMPTY_MODEL, compact, presenter),
    [model, compact, presenter],
  );
  const fitOptions = graphFitOptions(compact, presenter);
  const minHeight = naturalHeight(layout.bounds, size.width, {
    ...fitOptions,
    min: compact ? 360 : 420,
    max: compact ? 1100 : 640,
  });
  const parallels = useMemo(() => parallelEdgeIds(layout.edges), [layout.edges]);
  const tagOf = (edge: (typeof layout.edges)[number]) =>
    parallels.has(edge.id) ? edgeTag(edge.relationshipId) : undefined;
  const tags = legendTags(
    layout.edges.filter((edge) => parallels.has(edge.id)).map((edge) => edge.relationshipId),
  );
  const showTip = (edgeId: string, badge: DOMRect | null) => {
    const box = containerRef.current?.getBoundingClientRect();
    setTip((current) => {
      if (!badge || !box) return current?.edgeId === edgeId ? null : current;
      return { edgeId, x: badge.x + badge.width / 2 - box.x, y: badge.y + badge.height / 2 - box.y };
    });
  };
  const tipEdge = tip ? layout.edges.find((edge) => edge.id === tip.edgeId) : undefined;
  const zoom = useZoom(svgRef, viewportRef, size.width > 0 ? layout.bounds : undefined, size, fitOptions);
  // The lesson's lit boxes (not what the finger last touched), zoomed to on a phone.
  const focusBounds = useMemo(() => {
    if (!focusLit || !compact) return undefined;
    const lessonLit = litState(layout, highlight, null).nodes;
    const litNodes = layout.nodes.filter((node) => lessonLit.has(node.id));
    if (litNodes.length === 0) return undefined;
    const left = minOf(litNodes.map((n) => n.x - n.width / 2));
    const top = minOf(litNodes.map((n) => n.y - n.height / 2));
    const right = maxOf(litNodes.map((n) => n.x + n.width / 2));
    const bottom = maxOf(litNodes.map((n) => n.y + n.height / 2));
    return { x: left, y: top, width: right - left, height: bottom - top };
  }, [focusLit, compact, layout, highlight]);
  useLayoutEffect(() => {
    if (focusBounds) zoom.fitTo(focusBounds, { padding: 24, maxScale: 1.8, minScale: 0.15 });
    else zoom.fit();
  }, [focusBounds, zoom]);

  const effective = useMemo(
    () => (hovered ? highlightFor(report, hovered) : highlight),
    [hovered, report, highlight],
  );
  const lit = useMemo(
    () => litState(layout, effective, hovered ?? selection),
    [layout, effective, hovered, selection],
  );

  const preview = useCallback(
    (target: Selection) => {
      setHovered(target);
      onHover?.(target);
    },
    [onHover],
  );
  const toggle = (target: Selection, selected: boolean) => onSelect(selected ? null : target);

  const nodes = useMemo(() => [...layout.nodes].sort(byReadingOrder), [layout.nodes]);
  const nav = useMemo(() => buildGraphNav(layout.nodes, layout.edges), [layout.nodes, layout.edges]);
  const navigation = useGraphNavigation({
    svgRef,
    nav,
    selected: selectedItem(selection, layout),
    onSelect,
  });
  const handlers = (item: NavItem) => ({
    tabbable: navigation.isTabStop(item),
    onKey: (event: KeyboardEvent<SVGGElement>) => navigation.onKey(event, item),
    onFocused: () => navigation.onFocusItem(item),
  });

  const counts = statusHidden
    ? ""
    : statusCounts(report.relationships.map((r) => r.status))
        .map(([status, n]) => `${n} ${status}`)
        .join(", ");
  const total = `${report.relationships.length} relationships`;
  const breakdown = counts ? ` · ${counts.replaceAll(", ", " · ")}` : "";
  const components = layout.nodes.filter((n) => n.column !== "anchors").length;
  const anchors = layout.nodes.length - components;
  const summary = `Trust topology: ${components} components, ${anchors} trust anchors, ${report.relationships.length} relationships${counts ? ` (${counts})` : ""}`;
  const empty = layout.nodes.length === 0;

  return (
    <div
      data-testid={testIds.topologyGraph}
      data-variant={layout.variant}
      className={`border-line bg-surface flex flex-col overflow-hidden rounded-lg border ${className}`}
    >
      <header className="border-line flex items-center gap-3 border-b py-1.5 pr-1.5 pl-3">
        <h2 className="text-sm font-semibold whitespace-nowrap">Trust topology</h2>
        <p className="text-muted min-w-0 truncate text-xs">
          {total}
          <span className="hidden sm:inline">{breakdown}</span>
        </p>
        <ZoomControls actions={zoom} className="ml-auto shrink-0" />
      </header>
      <div ref={containerRef} className="relative w-full flex-1" style={{ minHeight }}>
        {model ? null : (
          <p
            role="status"
            aria-busy="true"
            className="text-muted absolute inset-x-0 top-1/3 text-center text-sm"
          >
            Drawing the trust graph of {report.relationships.length} relationships…
          </p>
        )}
        <ZoomSurface
          svgRef={svgRef}
          viewportRef={viewportRef}
          label={summary}
          describedBy={keysId}
          onBackgroundClick={() => {
            if (selection) onSelect(null);
          }}
          ready={size.width > 0}
        >
          <g aria-hidden="true" pointerEvents="none">
            {lit.links.map((i) => {
              const link = layout.anchorLinks[i];
              return link ? (
                <path
                  key={`${link.anchorId}>${link.edgeId}`}
                  d={link.path}
                  fill="none"
                  strokeWidth={1.2}
                  strokeDasharray="2 4"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                  style={{ stroke: "var(--color-accent)", opacity: 0.7 }}
                />
              ) : null;
            })}
          </g>
          <g>
            {layout.edges.map((edge) => {
              const selected =
                (selection?.kind === "relationship" && edge.keys.includes(selection.key)) ||
                sameGroupSelection(selection, edge.selection);
              return (
                <GraphEdge
                  key={edge.id}
                  edge={edge}
                  badgeRadius={layout.metrics.badgeRadius}
                  tagSize={layout.metrics.tagSize}
                  statusHidden={statusHidden}
                  presenter={presenter}
                  hitWidth={layout.metrics.hitWidth}
                  selected={selected}
                  highlighted={lit.active && lit.edges.has(edge.id)}
                  dimmed={lit.active && !lit.edges.has(edge.id)}
                  onActivate={() => toggle(edge.selection, selected)}
                  onPreview={(on) => preview(on ? edge.selection : null)}
                  onReveal={() => zoom.reveal(edge.badge.x, edge.badge.y)}
                  {...handlers({ kind: "edge", id: edge.id })}
                  tag={tagOf(edge)}
                  describedBy={tip?.edgeId === edge.id ? tipId : undefined}
                  onTip={(badge) => showTip(edge.id, badge)}
                />
              );
            })}
          </g>
          {lit.active && (
            <g aria-hidden="true">
              {layout.edges
                .filter((edge) => lit.edges.has(edge.id))
                .map((edge) => (
                  <GraphEdge
                    key={edge.id}
                    echo
                    edge={edge}
                    tag={tagOf(edge)}
                    badgeRadius={layout.metrics.badgeRadius}
                    tagSize={layout.metrics.tagSize}
                    statusHidden={statusHidden}
                    presenter={presenter}
                    hitWidth={0}
                    selected={false}
                    highlighted={false}
                    dimmed={false}
                    onActivate={() => undefined}
                    onPreview={() => undefined}
                    onKey={() => undefined}
                  />
                ))}
            </g>
          )}
          <g>
            {nodes.map((node) => {
              const selected =
                (selection?.kind === "component" && node.members.includes(selection.id)) ||
                (selection?.kind === "anchor" && selection.id === node.id) ||
                sameGroupSelection(selection, node.selection);
              return (
                <GraphNode
                  key={node.id}
                  node={node}
                  metrics={layout.metrics}
                  ariaLabel={statusHidden ? describeNode(node, layout.edges, false) : node.ariaLabel}
                  selected={selected}
                  lit={lit.nodes.has(node.id)}
                  dimmed={lit.active && !lit.nodes.has(node.id)}
                  onActivate={() => toggle(node.selection, selected)}
                  onPreview={(on) => preview(on ? node.selection : null)}
                  onReveal={() => zoom.reveal(node.x, node.y)}
                  {...handlers({ kind: "node", id: node.id })}
                />
              );
            })}
          </g>
        </ZoomSurface>
        {tip && tipEdge && (
          <EdgeTooltip
            id={tipId}
            report={report}
            edge={tipEdge}
            label={tagOf(tipEdge)?.name}
            statusHidden={statusHidden}
            at={tip}
            containerWidth={size.width}
          />
        )}
        {empty && (
          <p className="text-muted absolute inset-0 flex items-center justify-center text-sm">
            No components or relationships to draw.
          </p>
        )}
        <p id={keysId} className="sr-only">
          One Tab stop. Up and Down arrows move between the boxes; Right arrow goes from a box along its
          relationships, Left arrow back to the box; Home and End go to the first and last box. Enter or Space
          selects, Escape clears the selection. Drag to pan; pinch, or Ctrl and the mouse wheel, to zoom.
        </p>
      </div>
      {(layout.note || showLegend) && (
        <div className="border-line flex flex-col gap-1.5 border-t px-3 py-2">
          {layout.note && (
            <p data-testid={testIds.graphNote} className="text-fg text-xs">
              {layout.note}
            </p>
          )}
          {showLegend && <GraphLegend tags={tags} statusHidden={statusHidden} />}
        </div>
      )}
    </div>
  );
}
