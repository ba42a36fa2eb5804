/**
 * The timeline's geometry for a panel width. Wide panels put names in a column on the left and the
 * remaining time in a column on the right, so the bars share one time axis between them; phone
 * widths put the name and the remaining time on a line above each bar and give the bars the whole
 * width. Rows have fixed heights per kind, so positions are a running sum and the visible window of a
 * long list is a binary search.
 */
import type { TimelineRow } from "./timeline-model";

/** Below this width the label column no longer leaves the bars room: labels go above the bars. */
export const COMPACT_BELOW = 640;

export interface TimelineMetrics {
  compact: boolean;
  width: number;
  padX: number;
  /** Left column for names (0 when compact). */
  labelWidth: number;
  /** Right column for the remaining time (0 when compact). */
  expiryWidth: number;
  plotLeft: number;
  plotRight: number;
  /** The sticky band on top: the judge date's flag and the tick labels. */
  axisHeight: number;
  rowHeight: Record<TimelineRow["kind"] | "heading", number>;
  /** Extra height of a row with a flag (wide layouts give it a third line). */
  flagHeight: number;
  barHeight: number;
  /** Top of the bar inside a row of `height`. */
  barTop: (height: number) => number;
  /** Indent per nesting level in the label column (or above the bar). */
  indent: number;
}

/** Metrics for a panel `width` CSS pixels wide. */
export function timelineMetrics(width: number): TimelineMetrics {
  const compact = width < COMPACT_BELOW;
  const padX = compact ? 10 : 12;
  const labelWidth = compact ? 0 : Math.round(Math.min(250, Math.max(180, width * 0.25)));
  const expiryWidth = compact ? 0 : 148;
  const plotLeft = padX + labelWidth;
  const plotRight = Math.max(plotLeft + 40, width - padX - expiryWidth);
  const barHeight = 10;
  return {
    compact,
    width,
    padX,
    labelWidth,
    expiryWidth,
    plotLeft,
    plotRight,
    axisHeight: 40,
    // Multiples of 4, so the issuer's dotted end line (period 4) runs on unbroken from row to row.
    rowHeight: compact ? { bar: 44, heading: 48, group: 28 } : { bar: 32, heading: 36, group: 28 },
    flagHeight: compact ? 0 : 12,
    barHeight,
    barTop: compact ? (height) => height - barHeight - 9 : (height) => Math.round((height - barHeight) / 2),
    indent: compact ? 10 : 14,
  };
}

export interface RowLayout {
  /** Top of each row, below the axis band (0 = first row). */
  tops: number[];
  heights: number[];
  total: number;
}

/** Row positions: a running sum of the heights of each row's kind. */
export function layoutRows(rows: readonly TimelineRow[], metrics: TimelineMetrics): RowLayout {
  const tops: number[] = [];
  const heights: number[] = [];
  let y = 0;
  for (const row of rows) {
    const height =
      row.kind === "group"
        ? metrics.rowHeight.group
        : (row.bar.heading ? metrics.rowHeight.heading : metrics.rowHeight.bar) +
          (row.bar.flags.length > 0 ? metrics.flagHeight : 0);
    tops.push(y);
    heights.push(height);
    y += height;
  }
  return { tops, heights, total: y };
}

/**
 * The rows that intersect [from, to) (row coordinates), widened by `overscan` rows each side, as a
 * half-open index range. Binary search: scrolling a thousand rows costs a few comparisons.
 */
export function visibleRange(layout: RowLayout, from: number, to: number, overscan = 4): [number, number] {
  const { tops, heights } = layout;
  let low = 0;
  let high = tops.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((tops[mid] ?? 0) + (heights[mid] ?? 0) <= from) low = mid + 1;
    else high = mid;
  }
  let last = low;
  while (last < tops.length && (tops[last] ?? 0) < to) last++;
  return [Math.max(0, low - overscan), Math.min(tops.length, last + overscan)];
}
