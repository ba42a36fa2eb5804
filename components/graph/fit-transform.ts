/**
 * The zoom transform that shows a drawing's bounds whole and centred in a viewport, never enlarging
 * past `maxScale` (a small graph in a big panel stays at reading size instead of ballooning).
 */
import type { Bounds } from "./topology-layout";

export interface FitTransform {
  x: number;
  y: number;
  k: number;
}

export interface FitOptions {
  padding: number;
  maxScale: number;
  minScale: number;
}

/**
 * How the graph is fitted to its panel: a phone's drawing never enlarged, a wide one up to a little
 * over 1:1, and on a projector (presenter mode, a graph filling the screen) with less padding and up
 * to 1.4×, so a small cluster's type grows with the room.
 */
export function graphFitOptions(compact: boolean, presenter: boolean): FitOptions {
  if (compact) return { padding: 6, maxScale: 1, minScale: 0.15 };
  return presenter
    ? { padding: 8, maxScale: 1.4, minScale: 0.15 }
    : { padding: 20, maxScale: 1.15, minScale: 0.15 };
}

/** Translate and scale mapping `bounds` into a `width`×`height` viewport with `padding` around it. */
export function fitTransform(
  bounds: Bounds,
  width: number,
  height: number,
  options: FitOptions,
): FitTransform {
  const { padding, maxScale, minScale } = options;
  if (bounds.width <= 0 || bounds.height <= 0 || width <= 0 || height <= 0) return { x: 0, y: 0, k: 1 };
  const fit = Math.min((width - 2 * padding) / bounds.width, (height - 2 * padding) / bounds.height);
  const k = Math.min(maxScale, Math.max(minScale, fit));
  return {
    x: width / 2 - k * (bounds.x + bounds.width / 2),
    y: height / 2 - k * (bounds.y + bounds.height / 2),
    k,
  };
}

/**
 * How tall the graph's panel should be for a given width: the height at which the drawing, fitted to
 * the width, shows whole, kept between `min` and `max`. Phones get a tall panel with legible text
 * instead of a tiny drawing in a short one.
 */
export function naturalHeight(
  bounds: Bounds,
  width: number,
  options: FitOptions & { min: number; max: number },
): number {
  if (bounds.width <= 0 || width <= 0) return options.min;
  const k = Math.min(options.maxScale, (width - 2 * options.padding) / bounds.width);
  const height = Math.ceil(bounds.height * k + 2 * options.padding);
  return Math.min(options.max, Math.max(options.min, height));
}
