/**
 * Where the lesson card goes on a projector: beside the highlighted edge, never over it. The card
 * takes the side of the edge with more room, centred on the edge's height and kept inside the
 * screen; when neither side has the card's width free, the side with more room is used anyway and
 * the card covers as little of the edge as it can. Pure, so the rule is tested without a browser.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Placement {
  left: number;
  top: number;
  /** Which side of the edge the card is on. */
  side: "left" | "right";
}

/** Space kept between the card and the edge, and between the card and the screen's border. */
export const CARD_GAP = 16;

/**
 * The card's top-left corner for a card of `card` size beside `edge` on a `screen` (all in CSS
 * pixels, screen-relative). Without an edge the card sits at the right border, at the top.
 */
export function placeCard(
  edge: Box | undefined,
  card: { width: number; height: number },
  screen: { width: number; height: number },
): Placement {
  const maxLeft = Math.max(CARD_GAP, screen.width - card.width - CARD_GAP);
  const maxTop = Math.max(CARD_GAP, screen.height - card.height - CARD_GAP);
  const clampTop = (top: number) => Math.min(maxTop, Math.max(CARD_GAP, top));
  if (!edge) return { left: maxLeft, top: CARD_GAP, side: "right" };
  const roomLeft = edge.left - CARD_GAP;
  const roomRight = screen.width - (edge.left + edge.width) - CARD_GAP;
  const top = clampTop(edge.top + edge.height / 2 - card.height / 2);
  if (roomRight >= card.width + CARD_GAP || (roomRight >= roomLeft && roomLeft < card.width + CARD_GAP)) {
    const left = Math.min(maxLeft, Math.max(CARD_GAP, edge.left + edge.width + CARD_GAP));
    return { left, top, side: "right" };
  }
  const left = Math.min(maxLeft, Math.max(CARD_GAP, edge.left - CARD_GAP - card.width));
  return { left, top, side: "left" };
}

/** The smallest box around every box given; undefined for none. */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.left);
    top = Math.min(top, box.top);
    right = Math.max(right, box.left + box.width);
    bottom = Math.max(bottom, box.top + box.height);
  }
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * How far to slide the graph sideways so that `edge` clears a card placed at `placement` (0 when it
 * already does): the lit edge moves into the free part of the screen, keeping the gap, and no
 * further than its own far end allows. Negative slides left.
 */
export function graphShift(
  edge: Box | undefined,
  placement: Placement,
  cardWidth: number,
  screenWidth: number,
): number {
  if (!edge) return 0;
  const right = edge.left + edge.width;
  if (placement.side === "right") {
    const over = right + CARD_GAP - placement.left;
    return over > 0 ? -Math.min(over, Math.max(0, edge.left - CARD_GAP)) : 0;
  }
  const over = placement.left + cardWidth + CARD_GAP - edge.left;
  return over > 0 ? Math.min(over, Math.max(0, screenWidth - CARD_GAP - right)) : 0;
}

/** How much of `box` lies under `card`, in square pixels. */
function overlapArea(card: Box, box: Box): number {
  const width = Math.min(card.left + card.width, box.left + box.width) - Math.max(card.left, box.left);
  const height = Math.min(card.top + card.height, box.top + box.height) - Math.max(card.top, box.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where a question's card goes when nothing is lit and every edge may be the answer: the screen's
 * corner where it hides the least of `drawn` (the boxes and edge badges on screen), the top right
 * first on a tie.
 */
export function placeInCorner(
  card: { width: number; height: number },
  screen: { width: number; height: number },
  drawn: readonly Box[],
): Placement {
  const right = Math.max(CARD_GAP, screen.width - card.width - CARD_GAP);
  const bottom = Math.max(CARD_GAP, screen.height - card.height - CARD_GAP);
  const corners: Placement[] = [
    { left: right, top: CARD_GAP, side: "right" },
    { left: right, top: bottom, side: "right" },
    { left: CARD_GAP, top: bottom, side: "left" },
    { left: CARD_GAP, top: CARD_GAP, side: "left" },
  ];
  let best = corners[0] as Placement;
  let least = Infinity;
  for (const corner of corners) {
    const box = { left: corner.left, top: corner.top, ...card };
    const hidden = drawn.reduce((sum, item) => sum + overlapArea(box, item), 0);
    if (hidden < least) {
      least = hidden;
      best = corner;
    }
  }
  return best;
}
