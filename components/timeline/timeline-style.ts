/**
 * How an expiry state looks on the timeline: the theme's status colours (the same variables as the
 * graph, so both follow light and dark and export with the variables resolved), an icon tone for the
 * remaining-time words, and a word for the legend. The words next to each bar carry the state too,
 * so colour is never the only cue.
 */
import type { ExpiryState } from "@/lib/expiry";

export interface StateStyle {
  word: string;
  color: string;
  soft: string;
  /** Icon beside the remaining time; none for a certificate that is simply valid. */
  tone?: "warning" | "error";
  /** Outline dash: a certificate not valid yet is drawn with a dashed edge. */
  dash?: string;
}

export const STATE_STYLE: Record<ExpiryState, StateStyle> = {
  ok: { word: "Valid", color: "var(--color-ok)", soft: "var(--color-ok-soft)" },
  soon: {
    word: "Due for renewal",
    color: "var(--color-warning)",
    soft: "var(--color-warning-soft)",
    tone: "warning",
  },
  expired: { word: "Expired", color: "var(--color-error)", soft: "var(--color-error-soft)", tone: "error" },
  "not-yet-valid": {
    word: "Not yet valid",
    color: "var(--color-error)",
    soft: "var(--color-error-soft)",
    tone: "error",
    dash: "3 2",
  },
};

/** Ids of the shared SVG definitions, unique per timeline on the page. */
export interface TimelineDefIds {
  /** Clips marks to the plot, between the label and the remaining-time columns. */
  clip: string;
  /** Stripes of the warning window. */
  warnHatch: string;
  /** Stripes of the stretch a certificate outlives its CA. */
  errorHatch: string;
}

export { MONO, SANS } from "@/components/graph/graph-style";
