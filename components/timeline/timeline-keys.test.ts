import { describe, expect, it } from "vitest";
import { nextBarIndex } from "./timeline-keys";

describe("nextBarIndex", () => {
  it.each([
    { key: "ArrowDown", index: 0, want: 1 },
    { key: "ArrowRight", index: 4, want: 5 },
    { key: "ArrowDown", index: 13, want: 0 },
    { key: "ArrowUp", index: 0, want: 13 },
    { key: "ArrowLeft", index: 5, want: 4 },
    { key: "PageDown", index: 8, want: 13 },
    { key: "PageUp", index: 8, want: 0 },
    { key: "Home", index: 8, want: 0 },
    { key: "End", index: 2, want: 13 },
    { key: "a", index: 2, want: undefined },
  ])("$key from $index → $want", ({ key, index, want }) => expect(nextBarIndex(key, index, 14)).toBe(want));

  it("has nowhere to go without bars", () => expect(nextBarIndex("ArrowDown", 0, 0)).toBeUndefined());
});
