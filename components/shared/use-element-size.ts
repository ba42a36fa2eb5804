"use client";
/**
 * The content-box size of an element, kept current with a ResizeObserver. Measured before the first
 * paint, so a graph never draws once at a wrong size and the inventory never flashes the wrong one of
 * its table and cards: a view switches by the width it is given (a side column on a desktop can be as
 * narrow as a phone), which a viewport media query cannot tell.
 */
import { useLayoutEffect, useState, type RefObject } from "react";

export interface ElementSize {
  width: number;
  height: number;
}

/** Width and height of `ref`'s element in CSS pixels (0×0 until mounted). */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) =>
      setSize((old) =>
        Math.abs(old.width - width) < 0.5 && Math.abs(old.height - height) < 0.5 ? old : { width, height },
      );
    const rect = element.getBoundingClientRect();
    update(rect.width, rect.height);
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) update(box.width, box.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
