/**
 * One relationship edge: an invisible wide path that takes the pointer, a selection/focus halo, the
 * line styled by status, the arrowhead at the server and the status badge. The element carries the
 * test contract (`data-testid="edge-<id>"`, `data-status`) and is a keyboard-operable button.
 */
import type { KeyboardEvent } from "react";
import { edgeTestId } from "@/components/test-ids";
import { STATUS_STYLE } from "./graph-style";
import type { RoutedEdge } from "./route-edges";
import { StatusBadge } from "./status-badge";

export interface ItemHandlers {
  /** Click, Enter or Space. */
  onActivate: () => void;
  /** Pointer or focus arrived (true) or left (false). */
  onPreview: (on: boolean) => void;
  /** Keys other than Enter/Space, for moving between items. */
  onKey: (event: KeyboardEvent<SVGGElement>) => void;
  /** Focus arrived: bring the item into view. */
  onReveal?: () => void;
}

export interface GraphEdgeProps extends ItemHandlers {
  edge: RoutedEdge;
  badgeRadius: number;
  /**
   * Width of the pointer target in layout units: under the spacing of parallel edges, so neighbouring
   * targets never cover each other (a click at an edge's centre always reaches that edge).
   */
  hitWidth: number;
  selected: boolean;
  /** Lit by the current highlight (a hovered or selected edge, finding, component or certificate). */
  highlighted: boolean;
  dimmed: boolean;
  /** Drawn again on top of the others for a highlight: no handlers, hidden from assistive tech. */
  echo?: boolean;
}

/** The visible part of an edge: line, arrowhead and badge. */
function EdgeInk({ edge, badgeRadius }: { edge: RoutedEdge; badgeRadius: number }) {
  const style = STATUS_STYLE[edge.status];
  return (
    <>
      <path
        d={edge.path}
        fill="none"
        style={{ stroke: style.color }}
        strokeWidth={edge.primary ? style.width : style.secondaryWidth}
        strokeDasharray={style.dash}
        strokeLinecap={style.lineCap}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      <path d={edge.arrow} style={{ fill: style.color }} />
      <StatusBadge status={edge.status} x={edge.badge.x} y={edge.badge.y} radius={badgeRadius} />
    </>
  );
}

/** A relationship edge of the topology graph. */
export function GraphEdge(props: GraphEdgeProps) {
  const {
    edge,
    badgeRadius,
    hitWidth,
    selected,
    highlighted,
    dimmed,
    echo,
    onActivate,
    onPreview,
    onKey,
    onReveal,
  } = props;
  if (echo) {
    return (
      <g aria-hidden="true" pointerEvents="none">
        <EdgeInk edge={edge} badgeRadius={badgeRadius} />
      </g>
    );
  }
  return (
    <g
      data-nav="edge"
      data-testid={edgeTestId(edge.relationshipId)}
      data-status={edge.status}
      data-key={edge.keys.length === 1 ? edge.keys[0] : undefined}
      data-highlighted={highlighted ? "true" : undefined}
      role="button"
      tabIndex={0}
      aria-label={edge.ariaLabel}
      aria-pressed={selected}
      className="group cursor-pointer outline-none"
      style={{ opacity: dimmed ? 0.16 : 1, transition: "opacity 120ms" }}
      onClick={(event) => {
        event.stopPropagation();
        onActivate();
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onActivate();
        } else onKey(event);
      }}
      onPointerEnter={() => onPreview(true)}
      onPointerLeave={() => onPreview(false)}
      onFocus={() => {
        onPreview(true);
        onReveal?.();
      }}
      onBlur={() => onPreview(false)}
    >
      <rect {...edge.frame} fill="none" stroke="none" pointerEvents="none" />
      <path
        d={edge.path}
        fill="none"
        pointerEvents="none"
        strokeWidth={8}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={
          selected
            ? "opacity-30 group-focus-visible:opacity-60"
            : "opacity-0 group-hover:opacity-15 group-focus-visible:opacity-60"
        }
        style={{ stroke: "var(--color-accent)", transition: "opacity 120ms" }}
      />
      <path
        d={edge.hitPath}
        fill={edge.loop ? "transparent" : "none"}
        stroke="transparent"
        strokeWidth={hitWidth}
        strokeLinejoin="round"
        pointerEvents={edge.loop ? "all" : "stroke"}
      />
      <EdgeInk edge={edge} badgeRadius={badgeRadius} />
    </g>
  );
}
