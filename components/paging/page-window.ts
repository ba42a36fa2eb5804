/**
 * Which rows of a long list are drawn: one page of them. A fleet's drop lists ten thousand
 * certificates; drawing them all would make the page lay out (and re-render on every hover) ten
 * thousand rows nobody sees, so long lists are drawn a page at a time and paged through.
 */

/** Rows on one page of a long list. */
export const PAGE_SIZE = 100;

export interface PageWindow {
  /** Half-open range of row indexes drawn. */
  start: number;
  end: number;
  /** Zero-based page number, and how many pages there are (1 for a list that fits on one). */
  page: number;
  pages: number;
}

/**
 * The window of `page` over `count` rows: the page clamped to the list. A list at most one row
 * longer than a page is drawn whole (one more row costs less than a pager).
 */
export function pageWindow(count: number, page: number, size = PAGE_SIZE): PageWindow {
  if (count <= size + 1) return { start: 0, end: count, page: 0, pages: 1 };
  const pages = Math.ceil(count / size);
  const at = Math.min(Math.max(0, Math.trunc(page)), pages - 1);
  return { start: at * size, end: Math.min(count, (at + 1) * size), page: at, pages };
}

/** The page that holds row `index` (0 for none). */
export function pageOf(index: number, count: number, size = PAGE_SIZE): number {
  return index < 0 || count <= size + 1 ? 0 : Math.floor(index / size);
}
