"use client";
/**
 * Zoom and pan with d3-zoom, attached to the SVG in an effect; the transform goes straight onto the
 * viewport group's attribute, so zooming does not re-render React. A plain mouse wheel scrolls the
 * page (the graph sits in a longer page); Ctrl/⌘ + wheel and trackpad pinch zoom; touch pinches and
 * drags. The view fits the drawing whenever the drawing or the panel changes size.
 */
import { select } from "d3-selection";
import { zoom, zoomIdentity, zoomTransform } from "d3-zoom";
import { useCallback, useLayoutEffect, useMemo, useState, type RefObject } from "react";
import { attachZoom, type SvgZoom } from "@/components/shared/attach-zoom";
import { useZoomSteps, type ZoomSteps } from "@/components/shared/use-zoom-steps";
import { fitTransform, type FitOptions } from "./fit-transform";
import type { Bounds } from "./topology-layout";

export interface ZoomControls extends ZoomSteps {
  fit: () => void;
  /** Zoom to show `bounds` (a part of the drawing) as large as `options` allow, centred. */
  fitTo: (bounds: Bounds, options: FitOptions) => void;
  /** Pan (without zooming) so that a point of the drawing is inside the view. */
  reveal: (x: number, y: number) => void;
}

const SCALE_EXTENT: [number, number] = [0.15, 5];
const STEP = 1.35;

/** Which events start a zoom gesture: not a plain wheel, not a secondary button. */
function gestureFilter(event: Event): boolean {
  if (event.type === "wheel") return (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey;
  const mouse = event as MouseEvent;
  return !mouse.ctrlKey && !mouse.button;
}

/** Attach d3-zoom to `svgRef`, transforming `viewportRef`; returns the button actions. */
export function useZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  viewportRef: RefObject<SVGGElement | null>,
  bounds: Bounds | undefined,
  size: { width: number; height: number },
  fitOptions: FitOptions,
): ZoomControls {
  const [behaviour] = useState<SvgZoom>(() =>
    zoom<SVGSVGElement, unknown>().scaleExtent(SCALE_EXTENT).filter(gestureFilter),
  );

  // Declared before the fitting effect below, so the listener is in place when the first fit runs.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    const viewport = viewportRef.current;
    if (!svg || !viewport) return;
    return attachZoom(svg, behaviour, (event) =>
      viewport.setAttribute("transform", event.transform.toString()),
    );
  }, [svgRef, viewportRef, behaviour]);

  const { padding, maxScale, minScale } = fitOptions;
  const fit = useCallback(() => {
    const svg = svgRef.current;
    if (!svg || !bounds) return;
    const t = fitTransform(bounds, size.width, size.height, { padding, maxScale, minScale });
    // The extent is the measured size: d3's default reads the SVG's own size, which makes the
    // browser lay out the page in the middle of a render.
    behaviour.extent([
      [0, 0],
      [size.width, size.height],
    ]);
    select(svg).call(behaviour.transform, zoomIdentity.translate(t.x, t.y).scale(t.k));
  }, [svgRef, behaviour, bounds, size.width, size.height, padding, maxScale, minScale]);

  useLayoutEffect(() => fit(), [fit]);

  const fitTo = useCallback(
    (part: Bounds, options: FitOptions) => {
      const svg = svgRef.current;
      if (!svg || size.width <= 0) return;
      const t = fitTransform(part, size.width, size.height, options);
      select(svg).call(behaviour.transform, zoomIdentity.translate(t.x, t.y).scale(t.k));
    },
    [svgRef, behaviour, size.width, size.height],
  );

  const reveal = useCallback(
    (x: number, y: number) => {
      const svg = svgRef.current;
      if (!svg) return;
      const t = zoomTransform(svg);
      const [sx, sy] = t.apply([x, y]);
      const margin = 24;
      const inside = sx >= margin && sx <= size.width - margin && sy >= margin && sy <= size.height - margin;
      if (!inside) select(svg).call(behaviour.translateTo, x, y);
    },
    [svgRef, behaviour, size.width, size.height],
  );

  const steps = useZoomSteps(svgRef, behaviour, STEP);
  return useMemo(() => ({ ...steps, fit, fitTo, reveal }), [steps, fit, fitTo, reveal]);
}
