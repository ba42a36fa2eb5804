/**
 * Attaching a d3-zoom behaviour to an SVG, as the graph and the timeline both do in an effect: the
 * listener gets every frame, a double click does not zoom (it is a click on an item in our views),
 * and the returned cleanup removes both the gestures and the listener.
 */
import { select } from "d3-selection";
import type { D3ZoomEvent, ZoomBehavior } from "d3-zoom";

export type SvgZoom = ZoomBehavior<SVGSVGElement, unknown>;

/** Attach `behaviour` to `svg`, calling `onZoom` on every frame; returns the detach. */
export function attachZoom(
  svg: SVGSVGElement,
  behaviour: SvgZoom,
  onZoom: (event: D3ZoomEvent<SVGSVGElement, unknown>) => void,
): () => void {
  behaviour.on("zoom", onZoom);
  const selection = select(svg);
  selection.call(behaviour).on("dblclick.zoom", null);
  return () => {
    selection.on(".zoom", null);
    behaviour.on("zoom", null);
  };
}
