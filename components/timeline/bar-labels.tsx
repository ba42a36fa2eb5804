/**
 * The words of a row. Wide: the name and the component on two lines in the left column (and a flag
 * on a third, "outlives its CA by 154 days"), the time left and the end date in the right column. Phone: one line above the bar, name and component on the
 * left, time left on the right (a flag takes the component's place, so it is never lost). SVG text
 * neither wraps nor ellipsises, so every string is cut to its column with the browser's own metrics.
 */
import { measureText } from "@/components/graph/measure-text";
import { fitText } from "@/components/graph/node-label";
import type { TimelineMetrics } from "./timeline-metrics";
import type { TimelineBar } from "./timeline-rows";
import { MONO, SANS, STATE_STYLE } from "./timeline-style";
import { utcDate } from "./timeline-labels";

const NAME_FONT = `500 12px ${SANS}`;
const HEADING_FONT = `600 12px ${SANS}`;
const DETAIL_FONT = `10.5px ${SANS}`;
const PHRASE_FONT = `500 11.5px ${SANS}`;
const FLAG_FONT = `600 10.5px ${SANS}`;

/**
 * The status icons of the panels (triangle for a warning, crossed octagon for an error) drawn
 * straight into the timeline's SVG at 12 px, so the remaining time never relies on its colour.
 */
function StateGlyph({
  tone,
  x,
  y,
  color,
}: {
  tone: "warning" | "error";
  x: number;
  y: number;
  color: string;
}) {
  return (
    <g
      transform={`translate(${x.toFixed(1)},${y}) scale(0.75)`}
      fill="none"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ stroke: color }}
      aria-hidden="true"
    >
      {tone === "warning" ? (
        <path d="M8 1.8 14.8 13.6H1.2ZM8 6.2v3.4M8 11.6v.1" />
      ) : (
        <path d="M5.3 1.5h5.4l3.8 3.8v5.4l-3.8 3.8H5.3l-3.8-3.8V5.3ZM5.8 5.8l4.4 4.4m0-4.4-4.4 4.4" />
      )}
    </g>
  );
}

function phraseColor(bar: TimelineBar): string {
  return bar.state === "ok" ? "var(--color-fg)" : STATE_STYLE[bar.state].color;
}

function Phrase(props: { bar: TimelineBar; x: number; y: number; anchor: "start" | "end"; room: number }) {
  const { bar, x, y, anchor, room } = props;
  const tone = STATE_STYLE[bar.state].tone;
  const phrase = fitText([bar.phrase], room - (tone ? 15 : 0), PHRASE_FONT, measureText);
  const iconAt = anchor === "start" ? x : x - measureText(phrase, PHRASE_FONT) - 15;
  return (
    <>
      {tone && <StateGlyph tone={tone} x={iconAt} y={y - 10} color={STATE_STYLE[bar.state].color} />}
      <text
        x={anchor === "start" && tone ? x + 15 : x}
        y={y}
        textAnchor={anchor}
        fontSize={11.5}
        fontWeight={500}
        style={{ fill: phraseColor(bar) }}
      >
        {phrase}
      </text>
    </>
  );
}

export function BarLabels({
  bar,
  height,
  metrics,
}: {
  bar: TimelineBar;
  height: number;
  metrics: TimelineMetrics;
}) {
  const x = metrics.padX + bar.depth * metrics.indent;
  const nameFont = bar.heading ? HEADING_FONT : NAME_FONT;
  if (metrics.compact) {
    const y = 16;
    const phraseRoom = measureText(bar.phrase, PHRASE_FONT) + (STATE_STYLE[bar.state].tone ? 15 : 0) + 12;
    const room = metrics.width - metrics.padX - phraseRoom - x;
    const name = fitText([bar.name], room, nameFont, measureText);
    const flag = bar.flags[0];
    const second = flag?.text ?? bar.detail;
    const left = room - measureText(`${name} · `, nameFont);
    const detail = left > 40 ? fitText([second], left, DETAIL_FONT, measureText) : "";
    return (
      <g>
        <text x={x} y={y} fontSize={12}>
          <tspan fontWeight={bar.heading ? 600 : 500} style={{ fill: "var(--color-fg)" }}>
            {name}
          </tspan>
          {detail && (
            <tspan
              fontSize={10.5}
              fontWeight={flag ? 600 : 400}
              style={{ fill: flag ? `var(--color-${flag.tone})` : "var(--color-muted)" }}
            >
              {` · ${detail}`}
            </tspan>
          )}
        </text>
        <Phrase bar={bar} x={metrics.width - metrics.padX} y={y} anchor="end" room={metrics.width / 2} />
      </g>
    );
  }
  const flag = bar.flags[0];
  const line1 = Math.round(height / 2) - 2 - (flag ? 6 : 0);
  const line2 = line1 + 13;
  const room = metrics.plotLeft - x - 10;
  const expiryX = metrics.plotRight + 12;
  return (
    <g>
      {flag && (
        <text
          x={x}
          y={line2 + 13}
          fontSize={10.5}
          fontWeight={600}
          style={{ fill: `var(--color-${flag.tone})` }}
        >
          {fitText([flag.text], room, FLAG_FONT, measureText)}
        </text>
      )}
      <text
        x={x}
        y={line1}
        fontSize={12}
        fontWeight={bar.heading ? 600 : 500}
        style={{ fill: "var(--color-fg)" }}
      >
        {fitText([bar.name], room, nameFont, measureText)}
      </text>
      <text x={x} y={line2} fontSize={10.5} style={{ fill: "var(--color-muted)" }}>
        {fitText([bar.detail], room, DETAIL_FONT, measureText)}
      </text>
      <Phrase bar={bar} x={expiryX} y={line1} anchor="start" room={metrics.width - metrics.padX - expiryX} />
      <text x={expiryX} y={line2} fontSize={10.5} style={{ fill: "var(--color-muted)", fontFamily: MONO }}>
        {utcDate(bar.notAfter)}
      </text>
    </g>
  );
}
