"use client";
/**
 * Which rows are drawn, and the axis band that stays on top while they scroll. Up to
 * `VIRTUALISE_ABOVE` rows every row is drawn (a kubeadm cluster has fifteen or so, and an exported
 * drawing then holds them all); past that only the rows in the scroll viewport and a few either side
 * are, so a thousand-certificate drop costs the DOM of thirty rows. The window only changes state
 * when a row enters or leaves it, not on every scroll event.
 */
import { useCallback, useLayoutEffect, useState, type RefObject } from "react";
import { visibleRange, type RowLayout } from "./timeline-metrics";

export const VIRTUALISE_ABOVE = 150;

export interface RowWindow {
  /** Half-open range of row indexes to draw. */
  range: [number, number];
  /** Scroll so that row `index` is fully below the axis band. */
  scrollToRow: (index: number) => void;
}

export function useRowWindow(
  scrollerRef: RefObject<HTMLDivElement | null>,
  bandRef: RefObject<SVGGElement | null>,
  layout: RowLayout,
  axisHeight: number,
): RowWindow {
  const count = layout.tops.length;
  const virtual = count > VIRTUALISE_ABOVE;
  const [range, setRange] = useState<[number, number]>([0, Math.min(count, 40)]);

  const update = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const top = scroller.scrollTop;
    bandRef.current?.setAttribute("transform", `translate(0,${top})`);
    const next: [number, number] = virtual
      ? visibleRange(layout, top, top + Math.max(0, scroller.clientHeight - axisHeight))
      : [0, count];
    setRange((old) => (old[0] === next[0] && old[1] === next[1] ? old : next));
  }, [scrollerRef, bandRef, layout, axisHeight, virtual, count]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    update();
    scroller.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [scrollerRef, update]);

  const scrollToRow = useCallback(
    (index: number) => {
      const scroller = scrollerRef.current;
      const top = layout.tops[index];
      const height = layout.heights[index];
      if (!scroller || top === undefined || height === undefined) return;
      const view = scroller.clientHeight - axisHeight;
      if (top < scroller.scrollTop) scroller.scrollTop = top;
      else if (top + height > scroller.scrollTop + view) scroller.scrollTop = top + height - view;
    },
    [scrollerRef, layout, axisHeight],
  );

  return { range: virtual ? range : [0, count], scrollToRow };
}
