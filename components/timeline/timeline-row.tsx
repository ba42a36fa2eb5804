/**
 * One certificate's row: the test contract (`data-testid="timeline-bar"`, `data-sha256`,
 * `data-state`, `data-highlighted`) on a keyboard-operable element whose accessible name opens with
 * the words drawn on the row, and says (or whose description says) what the certificate is and how
 * long it has left. The whole row takes the pointer, so a short bar is as easy
 * to hover as a long one. Rows lit by the highlight are tinted; the others dim while something is lit.
 */
import { useId, type KeyboardEvent } from "react";
import { testIds } from "@/components/test-ids";
import { nameFromVisible } from "@/components/graph/visible-name";
import { BarLabels, fitBarText } from "./bar-labels";
import { BarMarks } from "./bar-marks";
import type { TimelineMetrics } from "./timeline-metrics";
import type { TimelineBar } from "./timeline-model";
import type { TimelineDefIds } from "./timeline-style";
import { useDiffMarks } from "@/components/diff/diff-marks";

export interface BarRowProps {
  bar: TimelineBar;
  /** Position in the keyboard order of bars. */
  index: number;
  top: number;
  height: number;
  metrics: TimelineMetrics;
  now: number;
  ids: TimelineDefIds;
  selected: boolean;
  lit: boolean;
  dimmed: boolean;
  /** The one bar Tab stops at (roving tab index). */
  tabbable: boolean;
  onActivate: (bar: TimelineBar) => void;
  onPreview: (bar: TimelineBar | null) => void;
  onFocusBar: (index: number) => void;
  onKey: (event: KeyboardEvent<SVGGElement>, index: number) => void;
}

function background(bar: TimelineBar, selected: boolean, lit: boolean): string {
  if (selected) return "fill-accent-soft";
  if (lit) return "fill-accent-soft/70";
  if (bar.heading) return "fill-raised/70 group-hover:fill-raised";
  return "fill-transparent group-hover:fill-raised/70";
}

export function BarRow(props: BarRowProps) {
  const { bar, index, top, height, metrics, now, ids, selected, lit, dimmed, tabbable } = props;
  const { onActivate, onPreview, onFocusBar, onKey } = props;
  const barTop = metrics.barTop(height);
  const text = fitBarText(bar, metrics);
  // The drawn words open the accessible name, so they can be spoken to reach the bar (WCAG 2.5.3).
  const name = nameFromVisible([text.name, text.detail, text.flag, text.phrase, text.date], bar.ariaLabel);
  const descriptionId = useId();
  // Changed since the earlier snapshot the person compared with (components/diff).
  const changed = useDiffMarks().certificates.has(bar.sha256);
  return (
    <g
      data-testid={testIds.timelineBar}
      data-sha256={bar.sha256}
      data-diff={changed ? "changed" : undefined}
      data-state={bar.state}
      data-highlighted={lit ? "true" : undefined}
      data-selected={selected ? "true" : undefined}
      data-bar-index={index}
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={name.label}
      aria-describedby={name.description ? descriptionId : undefined}
      aria-pressed={selected}
      transform={`translate(0,${top})`}
      className="group cursor-pointer outline-none"
      onClick={() => onActivate(bar)}
      onKeyDown={(event) => onKey(event, index)}
      onPointerEnter={() => onPreview(bar)}
      onPointerLeave={() => onPreview(null)}
      onFocus={() => {
        onFocusBar(index);
        onPreview(bar);
      }}
      onBlur={() => onPreview(null)}
    >
      {name.description && <desc id={descriptionId}>{name.description}</desc>}
      <rect width={metrics.width} height={height} className={background(bar, selected, lit)} />
      {(bar.heading || bar.startsGroup) && (
        <line
          x1={bar.heading ? 0 : metrics.padX + bar.depth * metrics.indent}
          x2={metrics.width}
          y1={0.5}
          y2={0.5}
          strokeWidth={1}
          style={{ stroke: "var(--color-line)" }}
        />
      )}
      {selected && <rect width={3} height={height} style={{ fill: "var(--color-accent)" }} />}
      {changed && (
        <rect x={metrics.width - 4} width={4} height={height} style={{ fill: "var(--color-warning)" }} />
      )}
      <g style={{ opacity: dimmed ? 0.3 : 1, transition: "opacity 120ms" }}>
        <BarMarks
          bar={bar}
          now={now}
          height={height}
          barTop={barTop}
          barHeight={metrics.barHeight}
          plotLeft={metrics.plotLeft}
          plotRight={metrics.plotRight}
          ids={ids}
        />
        <BarLabels bar={bar} text={text} height={height} metrics={metrics} />
      </g>
      <rect
        x={1.5}
        y={1.5}
        width={Math.max(0, metrics.width - 3)}
        height={height - 3}
        rx={4}
        fill="none"
        strokeWidth={2}
        className="opacity-0 group-focus-visible:opacity-100"
        style={{ stroke: "var(--color-accent)" }}
      />
    </g>
  );
}

/** The heading of the certificates whose issuer is not in the input. */
export function GroupRow(props: {
  id: string;
  title: string;
  count: number;
  top: number;
  height: number;
  metrics: TimelineMetrics;
}) {
  const { id, title, count, top, height, metrics } = props;
  return (
    <g transform={`translate(0,${top})`} data-testid={testIds.timelineGroup} data-group={id}>
      <rect width={metrics.width} height={height} className="fill-raised/70" />
      <line
        x1={0}
        x2={metrics.width}
        y1={0.5}
        y2={0.5}
        strokeWidth={1}
        style={{ stroke: "var(--color-line)" }}
      />
      <text x={metrics.padX} y={height / 2 + 4} fontSize={12}>
        <tspan fontWeight={600} style={{ fill: "var(--color-fg)" }}>
          {title}
        </tspan>
        <tspan fontSize={10.5} style={{ fill: "var(--color-muted)" }}>
          {` · ${count} certificate${count === 1 ? "" : "s"}`}
        </tspan>
      </text>
    </g>
  );
}
