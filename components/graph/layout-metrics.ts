/**
 * Sizes of the two layout variants, in layout units (one unit is one CSS pixel at zoom 1). The narrow
 * variant is sized so that a 390 px phone shows it at about 0.9× with labels still readable.
 */
export interface LayoutMetrics {
  variant: "wide" | "compact";
  componentWidth: number;
  componentHeight: number;
  groupHeight: number;
  anchorWidth: number;
  anchorHeight: number;
  /** Horizontal space between the left and the centre column, where the clients' edges run. */
  columnGap: number;
  /** Horizontal space between the centre and the right column (kubelets). */
  rightGap: number;
  /** Vertical space between stacked boxes. */
  stackGap: number;
  anchorsPerRow: number;
  anchorGap: number;
  /** Air around the drawing inside its bounds. */
  margin: number;
  /** Space between the row of anchors and the components. */
  bodyGap: number;
  /** Vertical distance between the centre column's rows (controller-manager, apiserver, etcd). */
  centreStep: number;
  fontSize: number;
  captionSize: number;
  badgeRadius: number;
  arrowLength: number;
  arrowHalfWidth: number;
  /** Largest distance between two edge ends on the same side of a box. */
  portGap: number;
  /**
   * Width of an edge's invisible pointer target: a little under `portGap`, so the targets of parallel
   * edges never overlap.
   */
  hitWidth: number;
  /** Smallest distance between edge ends a hub box grows to keep. */
  minPortSpacing: number;
  loopSize: number;
  /** Size of the letter that tells parallel edges apart. */
  tagSize: number;
}

export const WIDE_METRICS: LayoutMetrics = {
  variant: "wide",
  componentWidth: 176,
  componentHeight: 36,
  groupHeight: 44,
  anchorWidth: 176,
  anchorHeight: 48,
  columnGap: 150,
  rightGap: 150,
  stackGap: 18,
  anchorsPerRow: 6,
  anchorGap: 14,
  margin: 12,
  bodyGap: 40,
  centreStep: 108,
  fontSize: 12,
  captionSize: 10.5,
  badgeRadius: 7.5,
  arrowLength: 8,
  arrowHalfWidth: 4,
  portGap: 10,
  hitWidth: 8,
  minPortSpacing: 7,
  loopSize: 40,
  tagSize: 9.5,
};

export const COMPACT_METRICS: LayoutMetrics = {
  variant: "compact",
  componentWidth: 90,
  componentHeight: 32,
  groupHeight: 38,
  anchorWidth: 120,
  anchorHeight: 42,
  columnGap: 54,
  rightGap: 64,
  stackGap: 12,
  anchorsPerRow: 3,
  anchorGap: 12,
  margin: 8,
  bodyGap: 34,
  centreStep: 96,
  fontSize: 11.5,
  captionSize: 10,
  badgeRadius: 6.5,
  arrowLength: 7,
  arrowHalfWidth: 3.5,
  portGap: 8,
  hitWidth: 6,
  minPortSpacing: 6.5,
  loopSize: 32,
  tagSize: 9.5,
};

/**
 * The wide variant for a projector (presenter mode): type sized to read from the back of a room once
 * the drawing is fitted to a screen of about 1240×600 px (fitted at about 1:1, so these are roughly
 * screen pixels), with boxes grown around it and gaps kept tight, so the drawing still fits.
 */
export const PRESENTER_METRICS: LayoutMetrics = {
  variant: "wide",
  componentWidth: 236,
  componentHeight: 46,
  groupHeight: 54,
  anchorWidth: 236,
  anchorHeight: 58,
  columnGap: 150,
  rightGap: 196,
  stackGap: 12,
  anchorsPerRow: 5,
  anchorGap: 12,
  margin: 10,
  bodyGap: 34,
  centreStep: 118,
  fontSize: 21,
  captionSize: 15,
  badgeRadius: 11,
  arrowLength: 12,
  arrowHalfWidth: 6,
  portGap: 18,
  hitWidth: 16,
  minPortSpacing: 14,
  loopSize: 46,
  tagSize: 19,
};

/** Containers narrower than this get the compact variant. */
export const COMPACT_BELOW = 640;
