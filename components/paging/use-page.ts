"use client";
/**
 * The page a long list shows, kept per list. A row selected elsewhere (the graph, the timeline) is
 * brought into view: the list turns to its page once, and the person may page away again.
 */
import { useState } from "react";
import { pageOf, pageWindow, PAGE_SIZE, type PageWindow } from "./page-window";

export interface PageControls extends PageWindow {
  /** Turn to page `page` (clamped). */
  turnTo: (page: number) => void;
}

/**
 * `pinned` is the index of a row that must be on screen (the selection), or -1. `resetKey` names the
 * list's content (a filter, a sort): when it changes the list starts again at its first page.
 */
export function usePage(count: number, pinned: number, resetKey: string, size = PAGE_SIZE): PageControls {
  const [page, setPage] = useState(0);
  const [seen, setSeen] = useState({ pinned, resetKey });
  // State derived from props, adjusted during render (React's documented pattern) so the turned page
  // is drawn in the same pass, without a frame of the old page.
  let current = page;
  if (seen.pinned !== pinned || seen.resetKey !== resetKey) {
    current = pinned >= 0 ? pageOf(pinned, count, size) : seen.resetKey !== resetKey ? 0 : page;
    setSeen({ pinned, resetKey });
    setPage(current);
  }
  return { ...pageWindow(count, current, size), turnTo: setPage };
}
