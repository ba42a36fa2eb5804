import { describe, expect, it } from "vitest";
import {
  frameSize,
  needsResolving,
  renameReferences,
  STYLED_ATTRIBUTES,
  styleText,
  type StyleReader,
} from "./svg-style";

const styles =
  (values: Record<string, string>): StyleReader =>
  (property) =>
    values[property] ?? "";

describe("styleText", () => {
  it("writes every inherited property on the root", () => {
    const root = styles({ fill: "rgb(15, 23, 42)", stroke: "none", "font-size": "12px", opacity: "1" });
    expect(styleText(root)).toBe("fill:rgb(15, 23, 42);stroke:none;font-size:12px");
  });

  it("writes on a child only what differs from its parent, and own properties off their initial value", () => {
    const parent = styles({ fill: "rgb(15, 23, 42)", stroke: "none", "font-size": "12px" });
    const child = styles({
      fill: "rgb(15, 23, 42)",
      stroke: "rgb(21, 128, 61)",
      "font-size": "12px",
      opacity: "0.35",
      "vector-effect": "non-scaling-stroke",
    });
    expect(styleText(child, parent)).toBe(
      "stroke:rgb(21, 128, 61);opacity:0.35;vector-effect:non-scaling-stroke",
    );
  });

  it("writes nothing for an element that looks like its parent", () => {
    const same = styles({ fill: "red", opacity: "1", filter: "none" });
    expect(styleText(same, same)).toBe("");
  });
});

describe("needsResolving", () => {
  it.each([
    { value: "var(--color-ok)", want: true },
    { value: "currentColor", want: true },
    { value: "M0 0L10 10", want: false },
    { value: "rgb(21, 128, 61)", want: false },
  ])("$value", ({ value, want }) => {
    expect(needsResolving(value)).toBe(want);
  });
});

describe("frameSize", () => {
  it.each([
    { width: 812.3, height: 400.01, want: { width: 813, height: 401 } },
    { width: 0, height: -3, want: { width: 1, height: 1 } },
  ])("$width × $height", ({ width, height, want }) => {
    expect(frameSize(width, height)).toEqual(want);
  });
});

describe("renameReferences", () => {
  const ids = new Set(["clip-r1", "hatch"]);
  it.each([
    { value: "url(#clip-r1)", want: "url(#clip-r1-print)" },
    { value: 'fill: url("#hatch"); stroke: #fff', want: 'fill: url("#hatch-print"); stroke: #fff' },
    { value: "#hatch", want: "#hatch-print" },
    { value: "url(#other)", want: "url(#other)" },
    { value: "M0 0L10 10", want: "M0 0L10 10" },
  ])("$value", ({ value, want }) => {
    expect(renameReferences(value, ids, "-print")).toBe(want);
  });
});

describe("STYLED_ATTRIBUTES", () => {
  it("covers the attributes a class can override, so none survives to bring an old colour back", () => {
    for (const name of ["fill", "stroke", "stroke-width", "opacity", "font-size", "clip-path"])
      expect(STYLED_ATTRIBUTES.has(name), name).toBe(true);
    for (const name of ["d", "x", "transform", "viewBox"])
      expect(STYLED_ATTRIBUTES.has(name), name).toBe(false);
  });
});
