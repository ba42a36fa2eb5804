/**
 * The band on top of the timeline: column headings, the UTC time axis (d3-axis draws into `axisRef`),
 * the judge date's flag over the "now" line, and the CA horizon's label. It stays in view while the
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
}

/** Text of the horizon label, shared with the redraw that decides whether it fits. */
export function horizonText(days: number): string {
  return `CA horizon ${days} d`;
}

export function horizonTextWidth(days: number): number {
  return measureText(horizonText(days), HORIZON_FONT);
}

export function nowText(now: number): string {
  return `now ${utcDate(now)}`;
}

export function nowFlagWidth(now: number): number {
  return Math.ceil(measureText(nowText(now), FLAG_FONT)) + 12;
}

export function AxisBand({ metrics, now, horizonDays, bandRef, axisRef, horizonRef }: AxisBandProps) {
  const { axisHeight, width, padX, plotRight, compact } = metrics;
  const flagWidth = nowFlagWidth(now);
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
      <g data-pin={now} data-width={flagWidth} pointerEvents="none">
        <rect y={4} width={flagWidth} height={16} rx={8} style={{ fill: "var(--color-accent)" }} />
        <text
          x={flagWidth / 2}
          y={15.5}
          textAnchor="middle"
          fontSize={10.5}
          fontWeight={600}
          style={{ fill: "var(--color-surface)" }}
        >
          {nowText(now)}
        </text>
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
