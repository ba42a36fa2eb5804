/**
 * What an edge is, shown while the pointer rests on it or it has keyboard focus: the relationship,
 * client → server, its status and the first finding's title. The edge names this text as its
 * description, so a screen reader hears it too; it never takes the pointer, so it cannot hide the
 * edge it describes. In a quiz it says only what the edge is: the same words for every edge but
 * their names, and of several instances the first, not the worst.
 */
import type { Report } from "@/lib/report";
import { relationshipFindings } from "@/lib/format/report-view";
import { testIds } from "@/components/test-ids";
import { CodeText } from "@/components/detail/code-text";
import { relationshipTitle } from "@/components/detail/report-links";
import { StatusBadge } from "@/components/detail/status-badge";
import type { RoutedEdge } from "./route-edges";
import { InputText } from "@/components/shared/input-text";

/** Half the tooltip's widest, so it is kept inside the graph. */
const HALF_WIDTH = 140;
/** Above the badge unless that leaves less than this much room; then below it. */
const ROOM_ABOVE = 96;

export interface EdgeTooltipProps {
  id: string;
  report: Report;
  edge: RoutedEdge;
  /** Its name among parallel edges, when it has them. */
  label?: string;
  /** The badge's centre in the graph container's pixels. */
  at: { x: number; y: number };
  containerWidth: number;
  /** A quiz not yet answered: nothing of the status, the findings or which instance is worst. */
  statusHidden?: boolean;
}

export function EdgeTooltip(props: EdgeTooltipProps) {
  const { id, report, edge, label, at, containerWidth, statusHidden = false } = props;
  const key = edge.selection?.kind === "relationship" && !statusHidden ? edge.selection.key : edge.keys[0];
  const relationship = report.relationships.find((candidate) => candidate.key === key);
  if (!relationship) return null;
  const first = statusHidden ? undefined : relationshipFindings(report, relationship)[0]?.finding;
  const half = Math.min(HALF_WIDTH, containerWidth / 2);
  const x = Math.min(Math.max(at.x, half), containerWidth - half);
  const above = at.y >= ROOM_ABOVE;
  const more =
    edge.keys.length > 1
      ? statusHidden
        ? ` (${edge.keys.length} instances)`
        : ` (worst of ${edge.keys.length})`
      : "";
  return (
    <div
      id={id}
      role="tooltip"
      data-testid={testIds.edgeTooltip}
      className="border-line bg-surface text-fg pointer-events-none absolute z-10 flex w-max max-w-[17.5rem] flex-col gap-1 rounded-md border px-2.5 py-2 text-xs shadow-lg"
      style={{
        left: x,
        top: at.y,
        transform: above ? "translate(-50%, calc(-100% - 14px))" : "translate(-50%, 14px)",
      }}
    >
      {/* Spaces and stops as text, so the description reads as sentences, not one run-on word. */}
      <span className="flex flex-wrap items-center gap-1.5">
        <code className="font-mono font-semibold">{relationship.id}</code>{" "}
        {label && <span className="text-muted">· {label}</span>}{" "}
        {statusHidden ? null : <StatusBadge status={edge.status} />}
        <span className="sr-only">. </span>
      </span>
      <span className="wrap-break-word">
        <InputText text={relationshipTitle(report, relationship)} dir="ltr" />
        {more}
        <span className="sr-only">. </span>
      </span>
      {first ? (
        <span className="text-muted wrap-break-word">
          <span className="font-medium">{first.severity}: </span>
          <CodeText text={first.title} />
        </span>
      ) : relationship.status === "unknown" && !statusHidden ? (
        <span className="text-muted">Not fully checked: inputs are missing.</span>
      ) : null}
    </div>
  );
}
