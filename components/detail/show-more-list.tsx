"use client";
/**
 * A list that draws its first rows and offers the rest behind one button, then a page at a time.
 * A fleet lists thousands of relationships under its cluster CA; drawing them all would make every
 * click on that CA re-lay-out thousands of elements for rows nobody scrolls to.
 */
import { useState, type ReactNode } from "react";
import { Pager } from "@/components/paging/pager";
import { usePage } from "@/components/paging/use-page";
import { countNoun } from "@/lib/format/labels";

/** Rows drawn before "Show N more". */
export const SHOW_MORE_LIMIT = 12;

export interface ShowMoreListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  /** What the rows are, singular ("relationship"), for the button's words. */
  noun: string;
  limit?: number;
}

export function ShowMoreList<T>({
  items,
  keyOf,
  render,
  noun,
  limit = SHOW_MORE_LIMIT,
}: ShowMoreListProps<T>) {
  const [all, setAll] = useState(false);
  const paging = usePage(items.length, -1, "");
  // One more row costs less than a button that reveals one row.
  const [from, to] = all ? [paging.start, paging.end] : [0, items.length <= limit + 1 ? items.length : limit];
  const hidden = all ? 0 : items.length - to;
  const plural = countNoun(2, noun).slice(2);
  return (
    <>
      <ul className="-mx-2 flex flex-col">
        {items.slice(from, to).map((item) => (
          <li key={keyOf(item)}>{render(item)}</li>
        ))}
      </ul>
      {all ? (
        <Pager paging={paging} noun={plural.charAt(0).toUpperCase() + plural.slice(1)} count={items.length} />
      ) : null}
      {hidden > 0 && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="text-accent self-start text-xs font-medium hover:underline"
        >
          Show {countNoun(hidden, `more ${noun}`)}
        </button>
      )}
    </>
  );
}
