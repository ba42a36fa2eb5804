/**
 * What a certificate's bar draws in the plot, from notBefore to notAfter:
 * - the lifetime already elapsed at the judge date, light;
 * - the validity left before the warning window, solid in the state's colour;
 * - the warning window (from `warnFrom`), striped;
 * - the stretch past its CA's own end, striped red (a chain is only valid while its CA is);
 * - the kubelet's rotation window, a thin line under the bar;
 * - the CA's end as a dotted line through the row, and arrows where the bar runs out of view.
 * Marks carry their instants in data attributes (`placeByTime` gives them their x) and say what they
 * are in `data-mark`.
 */
import type { TimelineBar } from "./timeline-model";
import { STATE_STYLE, type TimelineDefIds } from "./timeline-style";

export interface BarMarksProps {
  bar: TimelineBar;
  now: number;
  height: number;
  barTop: number;
  barHeight: number;
  plotLeft: number;
  plotRight: number;
  ids: TimelineDefIds;
}

const span = (from: number, to: number) => `${from} ${to}`;

function Chevron(props: { side: "start" | "end"; t: number; at: number; y: number; color: string }) {
  const { side, t, at, y, color } = props;
  const x = side === "end" ? at - 9 : at + 1;
  const d = side === "end" ? `M${x + 2} ${y - 4}l4 4-4 4` : `M${x + 6} ${y - 4}l-4 4 4 4`;
  return (
    <g
      {...(side === "end" ? { "data-clip-end": t } : { "data-clip-start": t })}
      visibility="hidden"
      aria-hidden="true"
    >
      <rect
        x={x}
        y={y - 6}
        width={8}
        height={12}
        rx={2}
        style={{ fill: "var(--color-surface)", opacity: 0.9 }}
      />
      <path
        d={d}
        fill="none"
        strokeWidth={1.6}
        strokeLinecap="round"
        strokeLinejoin="round"
        style={{ stroke: color }}
      />
    </g>
  );
}

export function BarMarks(props: BarMarksProps) {
  const { bar, now, height, barTop, barHeight, plotLeft, plotRight, ids } = props;
  const style = STATE_STYLE[bar.state];
  const { notBefore, notAfter } = bar;
  const elapsedEnd = Math.min(now, notAfter);
  const solidStart = Math.max(now, notBefore);
  const warnStart = Math.max(solidStart, Math.min(bar.warnFrom, notAfter));
  const outlives = bar.issuerEnd !== undefined && notAfter > bar.issuerEnd;
  const middle = barTop + barHeight / 2;
  return (
    <g clipPath={`url(#${ids.clip})`}>
      {bar.issuerEnd !== undefined && (
        <line
          data-mark="issuer-end"
          data-at={bar.issuerEnd}
          y1={0}
          y2={height}
          strokeWidth={1.2}
          strokeDasharray="1.5 2.5"
          style={{
            stroke: outlives ? "var(--color-error)" : "var(--color-muted)",
            opacity: outlives ? 1 : 0.7,
          }}
        />
      )}
      {bar.heading && (
        <line
          data-at={notAfter}
          y1={middle}
          y2={height}
          strokeWidth={1.2}
          strokeDasharray="1.5 2.5"
          style={{ stroke: "var(--color-muted)", opacity: 0.7 }}
        />
      )}
      <rect
        data-mark="lifetime"
        data-span={span(notBefore, notAfter)}
        y={barTop}
        height={barHeight}
        rx={3}
        style={{ fill: style.soft }}
      />
      {solidStart < warnStart && (
        <rect
          data-mark="valid"
          data-span={span(solidStart, warnStart)}
          y={barTop}
          height={barHeight}
          style={{ fill: style.color }}
        />
      )}
      {warnStart < notAfter && bar.state !== "expired" && (
        <rect
          data-mark="warning-window"
          data-span={span(warnStart, notAfter)}
          y={barTop}
          height={barHeight}
          style={{ fill: `url(#${ids.warnHatch})` }}
        />
      )}
      {bar.state === "expired" && (
        <rect
          data-mark="expired"
          data-span={span(notBefore, elapsedEnd)}
          y={barTop}
          height={barHeight}
          rx={3}
          style={{ fill: style.color, opacity: 0.45 }}
        />
      )}
      {outlives && bar.issuerEnd !== undefined && (
        <rect
          data-mark="outlives-issuer"
          data-span={span(bar.issuerEnd, notAfter)}
          y={barTop - 1}
          height={barHeight + 2}
          style={{ fill: `url(#${ids.errorHatch})` }}
        />
      )}
      <rect
        data-span={span(notBefore, notAfter)}
        y={barTop + 0.5}
        height={barHeight - 1}
        rx={2.5}
        fill="none"
        strokeWidth={1}
        strokeDasharray={style.dash}
        style={{ stroke: style.color }}
      />
      {bar.rotation && (
        <rect
          data-mark="rotation-window"
          data-span={span(bar.rotation.start, bar.rotation.end)}
          y={barTop + barHeight + 2}
          height={3}
          rx={1.5}
          style={{ fill: "var(--color-accent)" }}
        />
      )}
      <Chevron side="start" t={notBefore} at={plotLeft} y={middle} color={style.color} />
      <Chevron side="end" t={notAfter} at={plotRight} y={middle} color={style.color} />
    </g>
  );
}
