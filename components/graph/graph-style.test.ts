import { describe, expect, it } from "vitest";
import { STATUS_ORDER } from "@/lib/report";
import {
  HIDDEN_STYLE,
  PRESENTER_MIN_WIDTH,
  STATUS_STYLE,
  dashOf,
  edgeStyle,
  strokeWidthOf,
} from "./graph-style";

describe("graph style", () => {
  it("every status has its own line pattern or weight and its own glyph, beside its colour", () => {
    const looks = STATUS_ORDER.map((status) => {
      const style = STATUS_STYLE[status];
      return `${style.dash ?? "solid"} ${style.width} ${style.glyph.strokes}`;
    });
    expect(new Set(looks).size).toBe(STATUS_ORDER.length);
    for (const status of STATUS_ORDER) expect(STATUS_STYLE[status].glyph.strokes).not.toBe("");
  });

  it("a hidden status is one look: one width for primary and secondary, no dash, no glyph", () => {
    expect(edgeStyle("hidden")).toBe(HIDDEN_STYLE);
    expect(strokeWidthOf(HIDDEN_STYLE, true, false)).toBe(strokeWidthOf(HIDDEN_STYLE, false, false));
    expect(strokeWidthOf(HIDDEN_STYLE, true, true)).toBe(strokeWidthOf(HIDDEN_STYLE, false, true));
    expect(HIDDEN_STYLE.dash).toBeUndefined();
    expect(HIDDEN_STYLE.glyph.strokes).toBe("");
  });

  it.each(STATUS_ORDER)(
    "presenter mode: every %s line is at least 3 px and keeps its weight order",
    (status) => {
      const style = STATUS_STYLE[status];
      for (const primary of [true, false])
        expect(strokeWidthOf(style, primary, true)).toBeGreaterThanOrEqual(PRESENTER_MIN_WIDTH);
      expect(strokeWidthOf(style, true, true)).toBeGreaterThanOrEqual(strokeWidthOf(style, false, true));
      expect(strokeWidthOf(style, true, true)).toBeGreaterThan(strokeWidthOf(style, true, false));
    },
  );

  it("presenter mode spaces dashes out with the thicker line", () => {
    expect(dashOf(STATUS_STYLE.warning, false)).toBe("7 4");
    expect(dashOf(STATUS_STYLE.warning, true)).toBe("11.9 6.8");
    expect(dashOf(STATUS_STYLE.ok, true)).toBeUndefined();
  });
});
