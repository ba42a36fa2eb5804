"use client";
/**
 * The controls under a paged list: which rows are drawn of how many, and first, previous, next and
 * last page. Nothing when the list fits on one page.
 */
import type { PageControls } from "./use-page";

export interface PagerProps {
  paging: PageControls;
  /** What the rows are, plural and capitalised, for the range: "Certificates 101–200 of 10003". */
  noun: string;
  /** Total rows. */
  count: number;
}

const BUTTON =
  "border-line hover:bg-raised rounded-md border px-2 py-1 font-medium disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent";

export function Pager({ paging, noun, count }: PagerProps) {
  if (paging.pages <= 1) return null;
  const { page, pages, start, end, turnTo } = paging;
  const first = page === 0;
  const last = page === pages - 1;
  return (
    <nav
      aria-label={`${noun} pages`}
      data-pager=""
      className="border-line text-muted flex flex-wrap items-center justify-center gap-x-3 gap-y-1.5 border-t px-3 py-2 text-xs"
    >
      <span className="tabular-nums" aria-live="polite">
        {noun} {start + 1}–{end} of {count}
      </span>
      <span className="flex items-center gap-1.5">
        <button
          type="button"
          className={BUTTON}
          disabled={first}
          onClick={() => turnTo(0)}
          aria-label="First page"
        >
          «
        </button>
        <button type="button" className={BUTTON} disabled={first} onClick={() => turnTo(page - 1)}>
          Previous
        </button>
        <span className="tabular-nums">
          page {page + 1} of {pages}
        </span>
        <button type="button" className={BUTTON} disabled={last} onClick={() => turnTo(page + 1)}>
          Next
        </button>
        <button
          type="button"
          className={BUTTON}
          disabled={last}
          onClick={() => turnTo(pages - 1)}
          aria-label="Last page"
        >
          »
        </button>
      </span>
    </nav>
  );
}
