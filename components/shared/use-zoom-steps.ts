"use client";
/**
 * The zoom buttons' half of a d3-zoom behaviour: one step in or out around the view's centre, for
 * people without a wheel or a pinch (and the timeline's plus and minus keys).
 */
import { select } from "d3-selection";
import { useCallback, useMemo, type RefObject } from "react";
import type { SvgZoom } from "./attach-zoom";

export interface ZoomSteps {
  zoomIn: () => void;
  zoomOut: () => void;
}

/** Zoom `svgRef` in or out by `step` (a factor above 1) through `behaviour`. */
export function useZoomSteps(
  svgRef: RefObject<SVGSVGElement | null>,
  behaviour: SvgZoom,
  step: number,
): ZoomSteps {
  const scaleBy = useCallback(
    (factor: number) => {
      const svg = svgRef.current;
      if (svg) select(svg).call(behaviour.scaleBy, factor);
    },
    [svgRef, behaviour],
  );
  return useMemo(() => ({ zoomIn: () => scaleBy(step), zoomOut: () => scaleBy(1 / step) }), [scaleBy, step]);
}
