/**
 * The topology graph's layout: a pure function from a report and the container's size to boxes,
 * edge paths, badges and the bounds to fit. React renders exactly this; nothing moves on its own.
 */
import type { Report } from "@/lib/report";
import { round, type Point } from "./cubic";
import {
  COMPACT_BELOW,
  COMPACT_METRICS,
  PRESENTER_METRICS,
  WIDE_METRICS,
  type LayoutMetrics,
} from "./layout-metrics";
import { placeNodes, type PlacedNode } from "./place-nodes";
import { routeEdges, type RoutedEdge } from "./route-edges";
import {
  buildTopologyModel,
  DEFAULT_AGGREGATE_ABOVE,
  type TopologyModel,
  type TopologyModelOptions,
} from "./topology-model";
import { maxOf, minOf, pushAll } from "@/lib/shared/collections";

export interface LayoutSize {
  width: number;
  height: number;
}

/** A faint line from a trust anchor to the middle of an edge it vouches for. */
export interface AnchorLink {
  anchorId: string;
  edgeId: string;
  path: string;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TopologyLayout {
  variant: "wide" | "compact";
  metrics: LayoutMetrics;
  nodes: PlacedNode[];
  /** Primary relationships in report order, then secondary ones; graph-keys.ts sets the keyboard's order. */
  edges: RoutedEdge[];
  anchorLinks: AnchorLink[];
  /** Everything drawn, with a small margin: what "fit" shows. */
  bounds: Bounds;
  /** Said under the graph when the drawing simplifies the report (many kubelets in one node). */
  note?: string;
}

export interface LayoutOptions {
  /** Collapse node kubelets into one node above this many (default 12 wide, 6 compact). */
  aggregateAbove?: number;
}

function boundsOf(nodes: PlacedNode[], edges: RoutedEdge[], m: LayoutMetrics): Bounds {
  const { badgeRadius, margin } = m;
  const points: Point[] = [];
  for (const n of nodes)
    points.push(
      { x: n.x - n.width / 2, y: n.y - n.height / 2 },
      { x: n.x + n.width / 2, y: n.y + n.height / 2 },
    );
  for (const e of edges) {
    pushAll(points, e.extent);
    points.push(
      { x: e.badge.x - badgeRadius, y: e.badge.y - badgeRadius },
      { x: e.badge.x + badgeRadius, y: e.badge.y + badgeRadius },
    );
  }
  if (points.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = minOf(xs) - margin;
  const y = minOf(ys) - margin;
  return {
    x: round(x),
    y: round(y),
    width: round(maxOf(xs) + margin - x),
    height: round(maxOf(ys) + margin - y),
  };
}

/** The model options for a container of `size` pixels: the compact variant below COMPACT_BELOW. */
export function modelOptionsFor(size: LayoutSize, options: LayoutOptions = {}): TopologyModelOptions {
  const variant = size.width < COMPACT_BELOW ? "compact" : "wide";
  return {
    compact: variant === "compact",
    aggregateAbove: options.aggregateAbove ?? DEFAULT_AGGREGATE_ABOVE[variant],
  };
}

/**
 * Lay out a report's trust topology for a container of `size` pixels. Narrow containers (phones) get
 * the compact variant: smaller boxes, short labels, controller-manager and scheduler among the
 * clients. Deterministic: equal inputs give equal layouts.
 */
export function layoutTopology(
  report: Report,
  size: LayoutSize,
  options: LayoutOptions = {},
): TopologyLayout {
  const modelOptions = modelOptionsFor(size, options);
  return layoutModel(buildTopologyModel(report, modelOptions), modelOptions.compact);
}

/**
 * Lay out a model built with {@link modelOptionsFor}: its variant's metrics, boxes, edges and badges;
 * the wide variant in presenter mode with the projector's bigger type.
 */
export function layoutModel(model: TopologyModel, compact: boolean, presenter = false): TopologyLayout {
  const metrics = compact ? COMPACT_METRICS : presenter ? PRESENTER_METRICS : WIDE_METRICS;
  const nodes = placeNodes(model.nodes, model.edges, metrics);
  const edges = routeEdges(nodes, model.edges, metrics);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const anchorLinks: AnchorLink[] = [];
  for (const edge of edges) {
    for (const anchorId of edge.anchors) {
      const anchor = byId.get(anchorId);
      if (!anchor) continue;
      const from = { x: round(anchor.x), y: round(anchor.y + anchor.height / 2) };
      anchorLinks.push({
        anchorId,
        edgeId: edge.id,
        path: `M${from.x} ${from.y}L${edge.badge.x} ${edge.badge.y}`,
      });
    }
  }
  return {
    variant: metrics.variant,
    metrics,
    nodes,
    edges,
    anchorLinks,
    bounds: boundsOf(nodes, edges, metrics),
    note: model.note,
  };
}
