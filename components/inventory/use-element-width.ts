"use client";
/**
 * The rendered width of an element, tracked with a ResizeObserver. The inventory switches between
 * a table and a list of cards by the width it is given (a side column on a desktop can be as
 * narrow as a phone), which a viewport media query cannot tell. Measured before paint, so the
 * wrong layout never flashes.
 */
import { useLayoutEffect, useState, type RefObject } from "react";

export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
