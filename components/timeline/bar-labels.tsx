/**
 * The words of a row. Wide: the name and the component on two lines in the left column (and a flag
 * on a third, "outlives its CA by 154 days"), the time left and the end date in the right column. Phone: one line above the bar, name and component on the
 * left, time left on the right (a flag takes the component's place, so it is never lost). SVG text
 * neither wraps nor ellipsises, so every string is cut to its column with the browser's own metrics.
 */
import { measureText } from "@/components/graph/measure-text";
import { fitText } from "@/components/graph/node-label";
import type { TimelineMetrics } from "./timeline-metrics";
import type { TimelineBar } from "./timeline-model";
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

/** The strings a row draws, cut to fit, in reading order; they also open the row's accessible name. */
export interface BarText {
  name: string;
  /** The component (or, on a phone, the flag in its place), after the name. */
  detail: string;
  /** A wide row's third line. */
  flag?: string;
  phrase: string;
  /** A wide row's end date. */
  date?: string;
}

function iconRoom(bar: TimelineBar): number {
  return STATE_STYLE[bar.state].tone ? 15 : 0;
}

/** The words of a row as drawn at these metrics. */
export function fitBarText(bar: TimelineBar, metrics: TimelineMetrics): BarText {
  const x = metrics.padX + bar.depth * metrics.indent;
  const nameFont = bar.heading ? HEADING_FONT : NAME_FONT;
  const flag = bar.flags[0];
  if (metrics.compact) {
    const phraseRoom = measureText(bar.phrase, PHRASE_FONT) + iconRoom(bar) + 12;
    const room = metrics.width - metrics.padX - phraseRoom - x;
    const name = fitText([bar.name], room, nameFont, measureText);
    const left = room - measureText(`${name} · `, nameFont);
    const second = flag?.text ?? bar.detail;
    return {
      name,
      detail: left > 40 ? fitText([second], left, DETAIL_FONT, measureText) : "",
      phrase: fitText([bar.phrase], metrics.width / 2 - iconRoom(bar), PHRASE_FONT, measureText),
    };
  }
  const room = metrics.plotLeft - x - 10;
  const expiryX = metrics.plotRight + 12;
  const phraseRoom = metrics.width - metrics.padX - expiryX - iconRoom(bar);
  return {
    name: fitText([bar.name], room, nameFont, measureText),
    detail: fitText([bar.detail], room, DETAIL_FONT, measureText),
    flag: flag ? fitText([flag.text], room, FLAG_FONT, measureText) : undefined,
    phrase: fitText([bar.phrase], phraseRoom, PHRASE_FONT, measureText),
    date: utcDate(bar.notAfter),
  };
}

function Phrase(props: { bar: TimelineBar; phrase: string; x: number; y: number; anchor: "start" | "end" }) {
  const { bar, phrase, x, y, anchor } = props;
  const tone = STATE_STYLE[bar.state].tone;
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

/*
 * Texts are drawn in reading order with a space between them: the words the row's accessible name
 * opens with are then the words found in it, not one run ("apiserver.crtkube-apiserver").
 */
export function BarLabels({
  bar,
  text,
  height,
  metrics,
}: {
  bar: TimelineBar;
  text: BarText;
  height: number;
  metrics: TimelineMetrics;
}) {
  const x = metrics.padX + bar.depth * metrics.indent;
  const flag = bar.flags[0];
  if (metrics.compact) {
    const y = 16;
    return (
      <g>
        <text x={x} y={y} fontSize={12}>
          {/* The name isolated: one in a right-to-left script cannot draw " · component" into its direction. */}
          <tspan
            fontWeight={bar.heading ? 600 : 500}
            style={{ fill: "var(--color-fg)", unicodeBidi: "isolate" }}
          >
            {text.name}
          </tspan>
          {text.detail && (
            <tspan
              fontSize={10.5}
              fontWeight={flag ? 600 : 400}
              style={{ fill: flag ? `var(--color-${flag.tone})` : "var(--color-muted)" }}
            >
              {` · ${text.detail}`}
            </tspan>
          )}
        </text>{" "}
        <Phrase bar={bar} phrase={text.phrase} x={metrics.width - metrics.padX} y={y} anchor="end" />
      </g>
    );
  }
  const line1 = Math.round(height / 2) - 2 - (flag ? 6 : 0);
  const line2 = line1 + 13;
  const expiryX = metrics.plotRight + 12;
  return (
    <g>
      <text
        x={x}
        y={line1}
        fontSize={12}
        fontWeight={bar.heading ? 600 : 500}
        style={{ fill: "var(--color-fg)" }}
      >
        {text.name}
      </text>{" "}
      <text x={x} y={line2} fontSize={10.5} style={{ fill: "var(--color-muted)" }}>
        {text.detail}
      </text>{" "}
      {flag && text.flag && (
        <>
          <text
            x={x}
            y={line2 + 13}
            fontSize={10.5}
            fontWeight={600}
            style={{ fill: `var(--color-${flag.tone})` }}
          >
            {text.flag}
          </text>{" "}
        </>
      )}
      <Phrase bar={bar} phrase={text.phrase} x={expiryX} y={line1} anchor="start" />{" "}
      <text x={expiryX} y={line2} fontSize={10.5} style={{ fill: "var(--color-muted)", fontFamily: MONO }}>
        {text.date}
      </text>
    </g>
  );
}
