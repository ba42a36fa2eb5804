"use client";
/**
 * Keeps the lesson card where it belongs. On the presenter's stage (components/teach/presenter-mode.ts)
 * the card floats beside the highlighted edge (`placeCard`), moved whenever the highlight, the card's
 * size or the screen changes; when the edge is in the middle, the graph slides sideways to clear it
 * (`graphShift`). On a phone the card is a bottom sheet, and the highlighted edge is
 * scrolled to the middle of what the sheet leaves visible. Both read the page as it is drawn — the
 * graph marks its lit edges `data-highlighted` — and write only the card's position and the scroll.
 */
import { useEffect, type RefObject } from "react";
import { graphShift, placeCard, placeInCorner, unionBox, type Box } from "@/components/teach/card-placement";
import { STAGE_MEDIA } from "@/components/teach/presenter-mode";

const LIT_EDGES = '[data-edge][data-highlighted="true"]';
/** The lit edges and the boxes at their ends: the card keeps clear of both. */
const LIT = `${LIT_EDGES}, [data-node][data-lit="true"]`;

function boxOf(element: Element): Box {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
}

/** The lit edges' and boxes' box on screen, or undefined when nothing is lit. */
function litBox(graph: HTMLElement): Box | undefined {
  return unionBox([...graph.querySelectorAll(LIT)].map(boxOf).filter((box) => box.width + box.height > 0));
}

function onStage(): boolean {
  return document.documentElement.dataset.presenter === "on" && window.matchMedia(STAGE_MEDIA).matches;
}

/** Places the card on the stage, and on a phone scrolls the lit edge into the view above the sheet. */
export function useLessonCard(
  open: boolean,
  card: RefObject<HTMLElement | null>,
  graph: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const cardElement = card.current;
    const graphElement = graph.current;
    if (!open || !cardElement || !graphElement) return;
    let frame = 0;
    let lastLit = "";
    const update = () => {
      frame = 0;
      const lit = litBox(graphElement);
      if (onStage() && cardElement.closest("main")?.dataset.lesson === "corner") {
        const drawn = [...graphElement.querySelectorAll("[data-node], [data-badge]")].map(boxOf);
        const place = placeInCorner(
          { width: cardElement.offsetWidth, height: cardElement.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
          drawn,
        );
        cardElement.style.setProperty("--card-left", `${Math.round(place.left)}px`);
        cardElement.style.setProperty("--card-top", `${Math.round(place.top)}px`);
        cardElement.dataset.side = place.side;
        graphElement.style.translate = "";
        return;
      }
      if (onStage()) {
        // Where the lit edge is with the graph unslid (the graph fills the screen from its left).
        const slid = graphElement.getBoundingClientRect().left;
        const edge = lit && { ...lit, left: lit.left - slid };
        const width = cardElement.offsetWidth;
        const place = placeCard(
          edge,
          { width, height: cardElement.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
        );
        cardElement.style.setProperty("--card-left", `${Math.round(place.left)}px`);
        cardElement.style.setProperty("--card-top", `${Math.round(place.top)}px`);
        cardElement.dataset.side = place.side;
        // A lit edge in the middle of the screen: the graph slides it out from under the card.
        const shift = Math.round(graphShift(edge, place, width, window.innerWidth));
        graphElement.style.translate = shift === 0 ? "" : `${shift}px 0`;
        return;
      }
      graphElement.style.translate = "";
      // A wide screen without presenter mode: the lesson is a panel beside the graph, as it was.
      if (window.matchMedia(STAGE_MEDIA).matches) return;
      // A phone: the sheet covers the bottom of the screen. A newly lit edge is brought to the
      // middle of the part above it, once per change of highlight (the student may scroll after);
      // with nothing lit (a quiz, a round) the graph's top goes to the screen's top, once.
      const key = [...graphElement.querySelectorAll(LIT_EDGES)]
        .map((edge) => edge.getAttribute("data-edge"))
        .join();
      if (!lit) {
        if (lastLit === "") graphElement.scrollIntoView({ block: "start", behavior: "instant" });
        lastLit = "-";
        return;
      }
      if (key === lastLit) return;
      lastLit = key;
      const visible = window.innerHeight - cardElement.offsetHeight;
      const by = lit.top + lit.height / 2 - visible / 2;
      if (Math.abs(by) > 8) window.scrollBy({ top: by, behavior: "instant" });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    schedule();
    const watch = new MutationObserver(schedule);
    watch.observe(graphElement, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-highlighted", "data-lit", "transform"],
    });
    const main = cardElement.closest("main");
    if (main) watch.observe(main, { attributes: true, attributeFilter: ["data-lesson"] });
    const sizes = new ResizeObserver(schedule);
    sizes.observe(cardElement);
    sizes.observe(graphElement);
    window.addEventListener("resize", schedule);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      watch.disconnect();
      sizes.disconnect();
      window.removeEventListener("resize", schedule);
      graphElement.style.translate = "";
      cardElement.style.removeProperty("--card-left");
      cardElement.style.removeProperty("--card-top");
      delete cardElement.dataset.side;
    };
  }, [open, card, graph]);
}
