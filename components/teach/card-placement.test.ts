import { describe, expect, it } from "vitest";
import { CARD_GAP, graphShift, placeCard, placeInCorner, unionBox } from "./card-placement";

const screen = { width: 1280, height: 720 };
const card = { width: 440, height: 400 };

describe("placeCard", () => {
  it("puts the card right of an edge on the left half, centred on its height", () => {
    const edge = { left: 100, top: 300, width: 250, height: 60 };
    const placed = placeCard(edge, card, screen);
    expect(placed.side).toBe("right");
    expect(placed.left).toBe(350 + CARD_GAP);
    expect(placed.top).toBe(330 - 200);
  });

  it("puts the card left of an edge on the right half", () => {
    const edge = { left: 800, top: 100, width: 300, height: 40 };
    const placed = placeCard(edge, card, screen);
    expect(placed.side).toBe("left");
    expect(placed.left + card.width).toBe(800 - CARD_GAP);
    // Centred on the edge would start above the screen: kept inside it.
    expect(placed.top).toBe(CARD_GAP);
  });

  it("never overlaps an edge when one side has room", () => {
    for (let x = 0; x <= 1280 - 200; x += 40) {
      const edge = { left: x, top: 200, width: 200, height: 80 };
      const placed = placeCard(edge, card, screen);
      const overlaps = placed.left < x + 200 && placed.left + card.width > x;
      const room = Math.max(x, 1280 - x - 200) - 2 * CARD_GAP;
      if (room >= card.width) expect(overlaps, `edge at ${x}`).toBe(false);
    }
  });

  it("keeps the card inside the screen when the edge is at the bottom", () => {
    const placed = placeCard({ left: 100, top: 690, width: 100, height: 20 }, card, screen);
    expect(placed.top + card.height).toBe(720 - CARD_GAP);
  });

  it("sits at the right border without an edge", () => {
    expect(placeCard(undefined, card, screen)).toEqual({
      left: 1280 - 440 - CARD_GAP,
      top: CARD_GAP,
      side: "right",
    });
  });
});

describe("unionBox", () => {
  it("is the box around all boxes", () => {
    expect(
      unionBox([
        { left: 10, top: 20, width: 10, height: 10 },
        { left: 50, top: 5, width: 5, height: 100 },
      ]),
    ).toEqual({ left: 10, top: 5, width: 45, height: 100 });
    expect(unionBox([])).toBeUndefined();
  });
});

describe("graphShift", () => {
  it("slides a lit edge in the middle out from under the card", () => {
    const edge = { left: 366, top: 100, width: 504, height: 400 };
    const placed = placeCard(edge, { width: 537, height: 500 }, screen);
    const shift = graphShift(edge, placed, 537, 1280);
    const moved = { left: edge.left + shift, right: edge.left + shift + edge.width };
    expect(
      placed.side === "right"
        ? moved.right + CARD_GAP <= placed.left
        : placed.left + 537 + CARD_GAP <= moved.left,
    ).toBe(true);
    expect(moved.left).toBeGreaterThanOrEqual(CARD_GAP);
  });

  it("does not slide what is already clear, nor past the screen's border", () => {
    const edge = { left: 100, top: 100, width: 200, height: 50 };
    expect(graphShift(edge, placeCard(edge, card, screen), card.width, 1280)).toBe(0);
    const wide = { left: 20, top: 0, width: 1200, height: 50 };
    const shift = graphShift(wide, placeCard(wide, card, screen), card.width, 1280);
    expect(wide.left + shift).toBeGreaterThanOrEqual(0);
    expect(graphShift(undefined, placeCard(undefined, card, screen), card.width, 1280)).toBe(0);
  });
});

describe("placeInCorner", () => {
  it("takes the corner that hides the least of the drawing", () => {
    const drawn = [
      { left: 900, top: 20, width: 300, height: 600 },
      { left: 20, top: 20, width: 300, height: 200 },
    ];
    const placed = placeInCorner({ width: 400, height: 250 }, screen, drawn);
    expect(placed).toEqual({ left: CARD_GAP, top: 720 - 250 - CARD_GAP, side: "left" });
  });

  it("takes the top right when nothing is in the way", () => {
    expect(placeInCorner(card, screen, [])).toEqual({
      left: 1280 - 440 - CARD_GAP,
      top: CARD_GAP,
      side: "right",
    });
  });
});
