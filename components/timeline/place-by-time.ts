/**
 * Moves the timeline's time-bound marks to a new x scale, straight in the DOM. React draws every
 * mark once with its instants in data attributes and no x; zooming then only rewrites x/width of the
 * marks on screen (the visible rows), so a zoom frame costs a few hundred attribute writes and never
 * a React render, whatever the number of certificates.
 *
 * - `data-span="t0 t1"` on a rect: x and width from t0 to t1, clamped just outside the plot so the
 *   plot's clip path cuts the rounded end of a bar that runs on.
 * - `data-at="t"` on a line: x1 = x2 = x(t), hidden outside the plot.
 * - `data-clip-start="t"` / `data-clip-end="t"`: an arrow shown when the bar starts before / ends
 *   after the visible range.
 */

export interface PlotBounds {
  left: number;
  right: number;
}

type Scale = (t: number) => number;

function times(element: Element, name: string): number[] {
  return (element.getAttribute(name) ?? "").split(" ").map(Number);
}

function show(element: Element, visible: boolean): void {
  if (visible) element.removeAttribute("visibility");
  else element.setAttribute("visibility", "hidden");
}

/** Position every time-bound mark under `root` for scale `x` inside `plot`. */
export function placeByTime(root: Element, x: Scale, plot: PlotBounds): void {
  const low = plot.left - 12;
  const high = plot.right + 12;
  const clamp = (value: number) => Math.min(high, Math.max(low, value));

  for (const rect of root.querySelectorAll("[data-span]")) {
    const [t0 = NaN, t1 = NaN] = times(rect, "data-span");
    const x0 = clamp(x(t0));
    const x1 = clamp(x(t1));
    rect.setAttribute("x", x0.toFixed(1));
    rect.setAttribute("width", Math.max(0, x1 - x0).toFixed(1));
  }
  for (const line of root.querySelectorAll("[data-at]")) {
    const [t = NaN] = times(line, "data-at");
    const at = x(t);
    line.setAttribute("x1", at.toFixed(1));
    line.setAttribute("x2", at.toFixed(1));
    show(line, at >= plot.left - 0.5 && at <= plot.right + 0.5);
  }
  for (const arrow of root.querySelectorAll("[data-clip-start]")) {
    const [t = NaN] = times(arrow, "data-clip-start");
    show(arrow, x(t) < plot.left - 1);
  }
  for (const arrow of root.querySelectorAll("[data-clip-end]")) {
    const [t = NaN] = times(arrow, "data-clip-end");
    show(arrow, x(t) > plot.right + 1);
  }
}
