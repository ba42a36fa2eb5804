"use client";
/**
 * Keyboard use of the timeline's bars. One bar is the Tab stop (the last one focused, else the
 * selected one, else the first); arrows, Page keys, Home and End move focus between bars, scrolling a
 * long list so the bar is drawn before it is focused; Enter or Space selects, Escape clears, plus and
 * minus zoom. Focusing a bar pans the axis to it when it is out of view.
 */
import { useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { Selection } from "@/components/explorer/selection";
import { isActivationKey } from "@/components/shared/svg-button";
import { nextBarIndex } from "./timeline-keys";
import type { TimelineBar } from "./timeline-model";
import type { TimeZoomControls } from "./use-time-zoom";

export interface BarNavigationOptions {
  svgRef: RefObject<SVGSVGElement | null>;
  bars: readonly TimelineBar[];
  /** Row index of each bar. */
  barRows: readonly number[];
  selectedIndex: number;
  scrollToRow: (row: number) => void;
  zoom: Pick<TimeZoomControls, "zoomIn" | "zoomOut" | "reveal">;
  onSelect: (selection: Selection) => void;
}

export interface BarNavigation {
  tabStop: number;
  onKey: (event: KeyboardEvent<SVGGElement>, index: number) => void;
  onFocusBar: (index: number) => void;
  /** Call after every commit: focuses the bar a key moved to once it is drawn. */
  focusPending: () => void;
}

export function useBarNavigation(options: BarNavigationOptions): BarNavigation {
  const { svgRef, bars, barRows, selectedIndex, scrollToRow, zoom, onSelect } = options;
  const [focused, setFocused] = useState<number | null>(null);
  const pending = useRef<number | null>(null);
  const tabStop = Math.min(bars.length - 1, focused ?? (selectedIndex >= 0 ? selectedIndex : 0));

  const moveTo = (index: number) => {
    setFocused(index);
    pending.current = index;
    const row = barRows[index];
    if (row !== undefined) scrollToRow(row);
  };

  const onKey = (event: KeyboardEvent<SVGGElement>, index: number) => {
    const key = event.key;
    const bar = bars[index];
    let handled = true;
    if (isActivationKey(key)) {
      if (bar) onSelect({ kind: "certificate", id: bar.id });
    } else if (key === "Escape") onSelect(null);
    else if (key === "+" || key === "=") zoom.zoomIn();
    else if (key === "-" || key === "_") zoom.zoomOut();
    else {
      const next = nextBarIndex(key, index, bars.length);
      if (next === undefined) handled = false;
      else moveTo(next);
    }
    if (handled) event.preventDefault();
  };

  const onFocusBar = (index: number) => {
    setFocused(index);
    const bar = bars[index];
    if (bar) zoom.reveal(bar.notBefore, bar.notAfter);
  };

  const focusPending = () => {
    const target = pending.current;
    if (target === null) return;
    const element = svgRef.current?.querySelector<SVGGElement>(`[data-bar-index="${target}"]`);
    if (!element) return;
    pending.current = null;
    element.focus({ preventScroll: true });
  };

  return { tabStop, onKey, onFocusBar, focusPending };
}
