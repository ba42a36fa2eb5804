/**
 * The badge at an edge's midpoint: a small disc in the status's soft colour, ringed and marked in its
 * strong colour with ✓, !, ✗ or ?, so the status reads without colour too. A hidden status (a quiz)
 * is a plain disc, the same on every edge.
 */
import { edgeStyle, type ShownStatus } from "./graph-style";

export interface StatusBadgeProps {
  status: ShownStatus;
  x: number;
  y: number;
  radius: number;
}

/** A status badge centred on (x, y). */
export function StatusBadge({ status, x, y, radius }: StatusBadgeProps) {
  const style = edgeStyle(status);
  const glyphWidth = 0.22;
  return (
    <g transform={`translate(${x} ${y})`} aria-hidden="true" data-badge="">
      <circle r={radius} style={{ fill: style.soft, stroke: style.color }} strokeWidth={1.2} />
      <g transform={`scale(${radius})`} style={{ stroke: style.color, fill: style.color }}>
        {style.glyph.strokes && (
          <path
            d={style.glyph.strokes}
            fill="none"
            strokeWidth={glyphWidth}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
        {style.glyph.dot && (
          <circle cx={style.glyph.dot.x} cy={style.glyph.dot.y} r={glyphWidth * 0.62} stroke="none" />
        )}
      </g>
    </g>
  );
}
