/**
 * The SVG a zoomable drawing lives in: it fills its panel, takes the pan and pinch gestures (the
 * grab cursor says so) and holds the viewport group that `useZoom` transforms. A click that reaches
 * it missed every item (an item stops its own clicks), so it clears the selection.
 */
import type { ReactNode, RefObject } from "react";
import { SANS } from "./graph-style";

export interface ZoomSurfaceProps {
  svgRef: RefObject<SVGSVGElement | null>;
  viewportRef: RefObject<SVGGElement | null>;
  /** The accessible name: what the drawing shows. */
  label: string;
  describedBy?: string;
  /** A click on the background, between the items. */
  onBackgroundClick: () => void;
  /** False until the panel is measured: the SVG is there for the zoom to attach to, but empty. */
  ready: boolean;
  /** The drawing, in layout units. */
  children: ReactNode;
}

export function ZoomSurface(props: ZoomSurfaceProps) {
  const { svgRef, viewportRef, label, describedBy, onBackgroundClick, ready, children } = props;
  return (
    <svg
      ref={svgRef}
      xmlns="http://www.w3.org/2000/svg"
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className="absolute inset-0 h-full w-full cursor-grab touch-none select-none active:cursor-grabbing"
      style={{ fontFamily: SANS }}
      onClick={onBackgroundClick}
    >
      <g ref={viewportRef}>{ready && children}</g>
    </svg>
  );
}
