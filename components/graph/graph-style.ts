/**
 * How a relationship status looks, in three redundant channels so it never depends on colour alone:
 * the theme's status colour, a line style (solid, dashed, heavy, dotted) and a glyph in the badge.
 * Colours are the theme's CSS variables, so the SVG follows light and dark and can be exported with
 * the variables resolved.
 */
import type { RelationshipStatus } from "@/lib/report";

export interface StatusStyle {
  word: string;
  color: string;
  soft: string;
  /** Stroke width in screen pixels (strokes do not scale with zoom). */
  width: number;
  secondaryWidth: number;
  dash?: string;
  lineCap: "butt" | "round";
  /** Glyph drawn in a badge of radius 1 centred on 0,0. */
  glyph: { strokes: string; dot?: { x: number; y: number } };
}

export const STATUS_STYLE: Record<RelationshipStatus, StatusStyle> = {
  ok: {
    word: "OK",
    color: "var(--color-ok)",
    soft: "var(--color-ok-soft)",
    width: 1.6,
    secondaryWidth: 1.1,
    lineCap: "butt",
    glyph: { strokes: "M-0.42 0.02L-0.12 0.32L0.44 -0.3" },
  },
  warning: {
    word: "Warning",
    color: "var(--color-warning)",
    soft: "var(--color-warning-soft)",
    width: 1.9,
    secondaryWidth: 1.4,
    dash: "7 4",
    lineCap: "butt",
    glyph: { strokes: "M0 -0.46V0.1", dot: { x: 0, y: 0.4 } },
  },
  error: {
    word: "Error",
    color: "var(--color-error)",
    soft: "var(--color-error-soft)",
    width: 3,
    secondaryWidth: 2.2,
    lineCap: "butt",
    glyph: { strokes: "M-0.32 -0.32L0.32 0.32M0.32 -0.32L-0.32 0.32" },
  },
  unknown: {
    word: "Unknown",
    color: "var(--color-unknown)",
    soft: "var(--color-unknown-soft)",
    width: 2,
    secondaryWidth: 1.6,
    dash: "0.1 4.5",
    lineCap: "round",
    glyph: {
      strokes: "M-0.3 -0.2C-0.3 -0.56 0.32 -0.58 0.32 -0.22C0.32 0.02 0 0.04 0 0.2",
      dot: { x: 0, y: 0.44 },
    },
  },
};

/**
 * A quiz's one look for every edge: the muted line and a plain disc, no dash and no glyph, one width
 * for primary and secondary alike, so nothing drawn tells the broken edge from the others.
 */
export const HIDDEN_STYLE: StatusStyle = {
  word: "Not shown",
  color: "var(--color-muted)",
  soft: "var(--color-raised)",
  width: 2,
  secondaryWidth: 2,
  lineCap: "butt",
  glyph: { strokes: "" },
};

/** What an edge shows: its status, or nothing of it (a quiz not yet answered). */
export type ShownStatus = RelationshipStatus | "hidden";

/** The look of `status`. */
export function edgeStyle(status: ShownStatus): StatusStyle {
  return status === "hidden" ? HIDDEN_STYLE : STATUS_STYLE[status];
}

/** Thinnest line on a projector, in screen pixels: thinner lines vanish from the back of a room. */
export const PRESENTER_MIN_WIDTH = 3;
/** How much thicker presenter mode draws lines (and spaces their dashes). */
const PRESENTER_WEIGHT = 1.7;

/**
 * The stroke width of an edge in screen pixels. In presenter mode every line is scaled up (the
 * primary/secondary and status weights keep their order) and none is under PRESENTER_MIN_WIDTH.
 */
export function strokeWidthOf(style: StatusStyle, primary: boolean, presenter: boolean): number {
  const width = primary ? style.width : style.secondaryWidth;
  return presenter ? Math.max(PRESENTER_MIN_WIDTH, Math.round(width * PRESENTER_WEIGHT * 10) / 10) : width;
}

/** The dash pattern of an edge: in presenter mode spaced out as much as its line is thickened. */
export function dashOf(style: StatusStyle, presenter: boolean): string | undefined {
  if (!presenter || !style.dash) return style.dash;
  return style.dash
    .split(/\s+/)
    .map((length) => Math.round(Number(length) * PRESENTER_WEIGHT * 100) / 100)
    .join(" ");
}

export const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
export const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";
