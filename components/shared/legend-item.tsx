/**
 * One entry of a legend: a sample of the mark drawn as the view draws it, then its words. Shared by
 * the graph's and the timeline's legends, each with the sample size its marks need.
 */
import type { ReactNode } from "react";

export interface LegendItemProps {
  /** The mark, in the sample's own coordinates (0 0 width height); it may overflow them. */
  sample: ReactNode;
  width: number;
  height: number;
  children: ReactNode;
}

export function LegendItem({ sample, width, height, children }: LegendItemProps) {
  return (
    <li className="flex items-center gap-1.5 whitespace-nowrap">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        className="shrink-0 overflow-visible"
      >
        {sample}
      </svg>
      <span>{children}</span>
    </li>
  );
}
