import { describe, expect, it } from "vitest";
import { pageOf, pageWindow } from "./page-window";

describe("pageWindow", () => {
  it.each([
    { name: "an empty list", count: 0, page: 3, want: { start: 0, end: 0, page: 0, pages: 1 } },
    {
      name: "a list of one page and one row",
      count: 101,
      page: 1,
      want: { start: 0, end: 101, page: 0, pages: 1 },
    },
    { name: "the first page", count: 102, page: 0, want: { start: 0, end: 100, page: 0, pages: 2 } },
    {
      name: "the last, short page",
      count: 10003,
      page: 100,
      want: { start: 10000, end: 10003, page: 100, pages: 101 },
    },
    {
      name: "past the end: the last page",
      count: 250,
      page: 9,
      want: { start: 200, end: 250, page: 2, pages: 3 },
    },
    {
      name: "before the start: the first page",
      count: 250,
      page: -2,
      want: { start: 0, end: 100, page: 0, pages: 3 },
    },
  ])("$name", ({ count, page, want }) => {
    expect(pageWindow(count, page)).toEqual(want);
  });
});

describe("pageOf", () => {
  it.each([
    { index: -1, count: 500, want: 0 },
    { index: 99, count: 500, want: 0 },
    { index: 100, count: 500, want: 1 },
    { index: 100, count: 101, want: 0 },
    { index: 9999, count: 10003, want: 99 },
  ])("row $index of $count is on page $want", ({ index, count, want }) => {
    expect(pageOf(index, count)).toBe(want);
  });
});
