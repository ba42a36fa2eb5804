/**
 * The band on top of the timeline: column headings, the UTC time axis (d3-axis draws into `axisRef`),
 * the judge date's flag over the "now" line, and the CA horizon's label (both placed by
 * `placeAxisLabels` on every zoom frame). It stays in view while the
 * rows scroll (the timeline moves it by the scroll offset) and is the handle a plain mouse wheel zooms
 * on (`data-zoom-handle`).
 */
import type { Ref } from "react";
import { measureText } from "@/components/graph/measure-text";
import type { TimelineMetrics } from "./timeline-metrics";
import { utcDate } from "./timeline-labels";
import { SANS } from "./timeline-style";

const FLAG_FONT = `600 10.5px ${SANS}`;
const HORIZON_FONT = `10.5px ${SANS}`;

export interface AxisBandProps {
  metrics: TimelineMetrics;
  now: number;
  horizonDays: number;
  bandRef: Ref<SVGGElement>;
  axisRef: Ref<SVGGElement>;
  horizonRef: Ref<SVGGElement>;
  nowRef: Ref<SVGGElement>;
}

/** Text of the horizon label. */
export function horizonText(days: number): string {
  return `CA horizon ${days} d`;
}

/** The judge date's flag; an arrow points to it while it is out of view. */
export function nowText(now: number, side: "before" | "in" | "after" = "in"): string {
  const text = `now ${utcDate(now)}`;
  return side === "before" ? `← ${text}` : side === "after" ? `${text} →` : text;
}

function flagWidth(text: string): number {
  return Math.ceil(measureText(text, FLAG_FONT)) + 12;
}

export interface AxisLabelElements {
  now: SVGGElement | null;
  horizon: SVGGElement | null;
}

/**
 * Places the judge date's flag over its line (kept inside the plot, with an arrow when the date is
 * out of view) and the horizon's label inside the band's end, or just past it, or nowhere when it
 * would cover the flag.
 */
export function placeAxisLabels(
  elements: AxisLabelElements,
  x: (t: number) => number,
  marks: { now: number; horizonEnd: number; horizonDays: number },
  plot: { left: number; right: number },
): void {
  const at = x(marks.now);
  const side = at < plot.left ? "before" : at > plot.right ? "after" : "in";
  const text = nowText(marks.now, side);
  const width = flagWidth(text);
  const flagLeft = Math.min(plot.right - width, Math.max(plot.left, at - width / 2));
  const flag = elements.now;
  if (flag) {
    const label = flag.querySelector("text");
    if (label && label.textContent !== text) {
      // Only this function writes the flag's text and width; React renders them empty.
      label.textContent = text;
      label.setAttribute("x", String(width / 2));
      flag.querySelector("rect")?.setAttribute("width", String(width));
    }
    flag.setAttribute("transform", `translate(${flagLeft.toFixed(1)},0)`);
  }
  const horizon = elements.horizon;
  if (horizon) {
    const end = x(marks.horizonEnd);
    const labelWidth = measureText(horizonText(marks.horizonDays), HORIZON_FONT);
    const inside = end - 6 - labelWidth;
    const left = inside >= flagLeft + width + 6 ? inside : end + 6;
    const fits =
      end >= plot.left &&
      left + labelWidth <= plot.right &&
      (left >= flagLeft + width + 6 || left + labelWidth <= flagLeft - 6);
    horizon.setAttribute("transform", `translate(${left.toFixed(1)},0)`);
    horizon.setAttribute("visibility", fits ? "visible" : "hidden");
  }
}

export function AxisBand({ metrics, now, horizonDays, bandRef, axisRef, horizonRef, nowRef }: AxisBandProps) {
  const { axisHeight, width, padX, plotRight, compact } = metrics;
  return (
    <g ref={bandRef}>
      <rect data-zoom-handle="" width={width} height={axisHeight} style={{ fill: "var(--color-surface)" }}>
        <title>Wheel here to zoom the time axis, drag to pan</title>
      </rect>
      <line
        x1={0}
        x2={width}
        y1={axisHeight - 0.5}
        y2={axisHeight - 0.5}
        style={{ stroke: "var(--color-line)" }}
      />
      {!compact && (
        <g fontSize={10.5} style={{ fill: "var(--color-muted)" }} pointerEvents="none">
          <text x={padX} y={axisHeight - 9}>
            Certificate · component
          </text>
          <text x={plotRight + 12} y={axisHeight - 9}>
            Time left · expires
          </text>
        </g>
      )}
      <g
        ref={axisRef}
        data-zoom-handle=""
        transform={`translate(0,${axisHeight - 1})`}
        fontSize={10.5}
        style={{ color: "var(--color-muted)", fontVariantNumeric: "tabular-nums" }}
      />
      <g ref={horizonRef} pointerEvents="none">
        <text y={15} fontSize={10.5} style={{ fill: "var(--color-accent)" }}>
          {horizonText(horizonDays)}
        </text>
      </g>
      {/* Text and width are placeAxisLabels' to set: they change with the zoom. */}
      <g ref={nowRef} pointerEvents="none">
        <rect y={4} height={16} rx={8} style={{ fill: "var(--color-accent)" }} />
        <text
          y={15.5}
          textAnchor="middle"
          fontSize={10.5}
          fontWeight={600}
          style={{ fill: "var(--color-surface)" }}
        />
      </g>
      <line
        data-at={now}
        y1={20}
        y2={axisHeight}
        strokeWidth={1.5}
        style={{ stroke: "var(--color-accent)" }}
      />
    </g>
  );
}
