"use client";
/**
 * A new selection opens the panel at its top — the verdict — wherever it was chosen from. Every
 * scrolling box around the panel goes back to the top, and when the panel itself is off the screen
 * (a wide page scrolled down to the findings list) the page scrolls it into view; otherwise the
 * click would change text nobody can see.
 */
import { useLayoutEffect, useRef, type RefObject } from "react";

function scrollsVertically(element: HTMLElement): boolean {
  const { overflowY } = getComputedStyle(element);
  return (overflowY === "auto" || overflowY === "scroll") && element.scrollHeight > element.clientHeight;
}

/** `start` and every scrolling box around it, back to the top. */
function scrollTopsFrom(start: HTMLElement): void {
  for (let box: HTMLElement | null = start; box && box !== document.body; box = box.parentElement) {
    if (scrollsVertically(box)) box.scrollTo({ top: 0 });
  }
}

/** Brings `element`'s top into the window unless it is already there. */
function revealTop(element: HTMLElement): void {
  const top = element.getBoundingClientRect().top;
  if (top >= 0 && top <= window.innerHeight - 80) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
}

/**
 * Whenever `key` changes, scrolls `scroller` and every scrolling box around it to the top and brings
 * `panel`'s top into the window if it is out of it.
 */
export function useRevealTop(
  panel: RefObject<HTMLElement | null>,
  scroller: RefObject<HTMLElement | null>,
  key: string,
  active: boolean,
): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = panel.current;
    // The panel also exists in the layout that is not shown (side panel or bottom sheet).
    if (!active || !element || !scroller.current || element.getClientRects().length === 0) return;
    scrollTopsFrom(scroller.current);
    revealTop(element);
  }, [panel, scroller, key, active]);
}
