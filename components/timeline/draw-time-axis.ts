/**
 * The time axis and its grid for one scale, drawn by d3 into two groups React leaves empty: d3-axis
 * puts the UTC tick labels in the band on top, and one grid line per tick runs down the rows. Labels
 * that would stick out of the plot into the name or remaining-time columns are hidden.
 */
import { axisTop } from "d3-axis";
import { select } from "d3-selection";
import { measureText } from "@/components/graph/measure-text";
import { formatTick, tickCount } from "./time-ticks";
import type { TimelineMetrics } from "./timeline-metrics";
import type { TimeScale } from "./use-time-zoom";
import { SANS } from "./timeline-style";

const TICK_FONT = `10.5px ${SANS}`;

export interface AxisElements {
  axis: SVGGElement | null;
  grid: SVGGElement | null;
}

/** Draw ticks for scale `x` across `metrics`' plot, grid lines down `rowsHeight` of rows. */
export function drawTimeAxis(
  elements: AxisElements,
  x: TimeScale,
  metrics: Pick<TimelineMetrics, "plotLeft" | "plotRight" | "compact" | "axisHeight">,
  rowsHeight: number,
): void {
  const { plotLeft, plotRight, compact, axisHeight } = metrics;
  const ticks = x.ticks(tickCount(plotRight - plotLeft, compact));
  if (elements.axis)
    select(elements.axis)
      .call(axisTop<Date>(x).tickValues(ticks).tickFormat(formatTick).tickSize(4).tickPadding(4))
      .attr("font-size", 10.5)
      .attr("font-family", null)
      .call((g) => g.select(".domain").remove())
      .selectAll<SVGGElement, Date>(".tick")
      .attr("visibility", (d) => {
        const half = measureText(formatTick(d), TICK_FONT) / 2;
        const at = x(d);
        return at - half < plotLeft - 6 || at + half > plotRight + 6 ? "hidden" : null;
      });
  if (elements.grid)
    select(elements.grid)
      .selectAll("line")
      .data(ticks)
      .join("line")
      .attr("x1", (d) => x(d))
      .attr("x2", (d) => x(d))
      .attr("y1", axisHeight)
      .attr("y2", axisHeight + rowsHeight);
}
