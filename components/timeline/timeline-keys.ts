/**
 * Keyboard moves between the timeline's bars: arrows step to the next or previous bar (wrapping,
 * like the graph's), Page keys jump a screenful, Home and End go to the first and last.
 */

const PAGE = 10;

/** The bar index a key moves to from `index` among `count` bars; undefined for other keys. */
export function nextBarIndex(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
    case "ArrowRight":
      return index >= last ? 0 : index + 1;
    case "ArrowUp":
    case "ArrowLeft":
      return index <= 0 ? last : index - 1;
    case "PageDown":
      return Math.min(last, index + PAGE);
    case "PageUp":
      return Math.max(0, index - PAGE);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return undefined;
  }
}
