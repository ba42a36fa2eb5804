/**
 * One relationship edge: an invisible wide path that takes the pointer, a selection/focus halo, the
 * line styled by status, the arrowhead at the server, the status badge and, for an edge with
 * parallels, its tag letter (named in the legend). The element carries the test contract (`data-testid="edge-<id>"`,
 * `data-status`), is a keyboard-operable button, and reports where its badge is when the pointer
 * or focus arrives, for the tooltip. In a quiz (`statusHidden`) it has no `data-status` and draws,
 * names and marks itself like every other edge; in presenter mode its line is thicker.
 */
import { edgeTestId } from "@/components/test-ids";
import { graphItemProps, type ItemHandlers } from "./graph-item";
import { dashOf, edgeStyle, strokeWidthOf, type ShownStatus } from "./graph-style";
import type { RoutedEdge } from "./route-edges";
import type { EdgeTag } from "./edge-label";
import { StatusBadge } from "./status-badge";
import { useDiffMarks } from "@/components/diff/diff-marks";

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
  /** Tag drawn beside the badge, for an edge that shares its two boxes with others. */
  tag?: EdgeTag;
  /** Id of the tooltip describing this edge, while it is shown. */
  describedBy?: string;
  /** The pointer or focus arrived (the badge's box on screen) or left (null). */
  onTip?: (badge: DOMRect | null) => void;
  /** A quiz not yet answered: drawn, named and marked like every other edge, whatever its status. */
  statusHidden?: boolean;
  /** Presenter mode: lines thick enough for a projector. */
  presenter?: boolean;
  /** Size of the tag letter beside the badge, in layout units. */
  tagSize: number;
}

interface InkProps {
  edge: RoutedEdge;
  status: ShownStatus;
  badgeRadius: number;
  tag?: EdgeTag;
  tagSize: number;
  presenter: boolean;
}

/** The visible part of an edge: line, arrowhead and badge. */
function EdgeInk({ edge, status, badgeRadius, tag, tagSize, presenter }: InkProps) {
  const style = edgeStyle(status);
  return (
    <>
      <path
        d={edge.path}
        fill="none"
        style={{ stroke: style.color }}
        strokeWidth={strokeWidthOf(style, edge.primary, presenter)}
        strokeDasharray={dashOf(style, presenter)}
        strokeLinecap={style.lineCap}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      <path d={edge.arrow} style={{ fill: style.color }} />
      <StatusBadge status={status} x={edge.badge.x} y={edge.badge.y} radius={badgeRadius} />
      {tag && (
        <text
          x={edge.badge.x + badgeRadius + 1.5}
          y={edge.badge.y - badgeRadius + tagSize * 0.6}
          fontSize={tagSize}
          fontWeight={700}
          aria-hidden="true"
          data-tag={tag.name}
          paintOrder="stroke"
          strokeWidth={3}
          strokeLinejoin="round"
          style={{ fill: "var(--color-muted)", stroke: "var(--color-surface)" }}
        >
          {tag.letter}
        </text>
      )}
    </>
  );
}

/** A relationship edge of the topology graph. */
export function GraphEdge(props: GraphEdgeProps) {
  const { edge, badgeRadius, hitWidth, selected, highlighted, dimmed, echo, tag, describedBy, onTip } = props;
  const { statusHidden = false, presenter = false, tagSize } = props;
  const status: ShownStatus = statusHidden ? "hidden" : edge.status;
  const ink = { edge, status, badgeRadius, tag, tagSize, presenter };
  // Changed since the earlier snapshot the person compared with (components/diff).
  const marks = useDiffMarks();
  const changed = edge.keys.some((key) => marks.edges.has(key));
  const tip = (target: SVGGElement, on: boolean) =>
    onTip?.(on ? (target.querySelector("[data-badge]")?.getBoundingClientRect() ?? null) : null);
  if (echo) {
    return (
      <g aria-hidden="true" pointerEvents="none">
        <EdgeInk {...ink} />
      </g>
    );
  }
  return (
    <g
      data-edge={edge.id}
      data-testid={edgeTestId(edge.relationshipId)}
      data-status={statusHidden ? undefined : edge.status}
      data-key={edge.keys.length === 1 ? edge.keys[0] : undefined}
      data-highlighted={highlighted ? "true" : undefined}
      data-diff={changed ? "changed" : undefined}
      {...graphItemProps(
        props,
        { label: statusHidden ? edge.quizLabel : edge.ariaLabel, pressed: selected, describedBy },
        tip,
      )}
      className="group cursor-pointer outline-none"
      style={{ opacity: dimmed ? 0.16 : 1, transition: "opacity 120ms" }}
    >
      <rect {...edge.frame} fill="none" stroke="none" pointerEvents="none" />
      {changed ? (
        <path
          d={edge.path}
          fill="none"
          pointerEvents="none"
          strokeWidth={7}
          strokeDasharray="2 5"
          strokeLinecap="round"
          style={{ stroke: "var(--color-warning)", opacity: 0.7 }}
        />
      ) : null}
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
      <EdgeInk {...ink} />
    </g>
  );
}
