import { describe, expect, it } from "vitest";
import { parseYamlDocuments } from "./parse-yaml-documents";
import {
  MAX_YAML_ANCHORS,
  MAX_YAML_DEPTH,
  MAX_YAML_DOCUMENTS,
  MAX_YAML_LINE,
  yamlLimitBroken,
} from "./yaml-limits";

const anchored = (count: number) =>
  Array.from({ length: count }, (_, i) => `a${i}: &a${i} x\nb${i}: *a${i}`).join("\n");

describe("yamlLimitBroken", () => {
  it.each([
    ["flow nesting", "a: " + "[".repeat(MAX_YAML_DEPTH + 1), /nested more than 64 deep \(depth limit\)/],
    ["mapping nesting", "a: " + "{a: ".repeat(MAX_YAML_DEPTH + 1), /depth limit/],
    [
      "documents",
      "a: 1\n" + "---\n".repeat(MAX_YAML_DOCUMENTS + 1),
      /more than 10000 YAML documents \(document limit\)/,
    ],
    ["a long line", `a: ${"x".repeat(MAX_YAML_LINE + 1)}\n`, /line-length limit/],
    [
      "anchors and aliases",
      anchored(MAX_YAML_ANCHORS / 2 + 1),
      /more than 1000 anchors and aliases \(alias limit\)/,
    ],
  ])("%s past the limit is named", (_name, text, reason) => {
    expect(yamlLimitBroken(text)).toMatch(reason);
  });

  it.each([
    ["flow nesting at the limit", "a: " + "[".repeat(MAX_YAML_DEPTH) + "]".repeat(MAX_YAML_DEPTH)],
    ["deep but balanced, many times over", "a: [[[[1]]]]\n".repeat(10_000)],
    ["documents at the limit", "a: 1\n" + "---\na: 1\n".repeat(MAX_YAML_DOCUMENTS - 1)],
    ["anchors at the limit", anchored(MAX_YAML_ANCHORS / 2)],
    [
      "wildcards, pointers and ampersands in values",
      `sans: ["*.example.com"]\nnote: a & b * c\nurl: "https://x/?a=1&b=2"\n`,
    ],
    ["a long embedded bundle", `certificate-authority-data: ${"QUJD".repeat(200_000)}\n`],
  ])("%s passes", (_name, text) => {
    expect(yamlLimitBroken(text)).toBeUndefined();
  });
});

describe("parseYamlDocuments and the limits", () => {
  it("marks a broken limit as limited, a syntax error not", () => {
    const limited = parseYamlDocuments("a: " + "[".repeat(100_000));
    expect(limited).toMatchObject({ ok: false, limited: true });
    const syntax = parseYamlDocuments("a: [1, 2\nb: }");
    expect(syntax.ok).toBe(false);
    expect(syntax).not.toHaveProperty("limited");
  });

  it("a billion-laughs document stops at the alias limit, marked as a limit", () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) =>
        `b${i}: &b${i} [${Array(10)
          .fill(i ? `*b${i - 1}` : "*a")
          .join(",")}]`,
    );
    const result = parseYamlDocuments(`a: &a [x,x,x,x,x,x,x,x,x,x]\n${levels.join("\n")}\n`);
    expect(result).toMatchObject({ ok: false, limited: true });
    if (!result.ok) expect(result.reason).toMatch(/alias limit 100/);
  });

  it("reads what stays under every limit", () => {
    expect(parseYamlDocuments(anchored(3))).toEqual({
      ok: true,
      value: [{ a0: "x", b0: "x", a1: "x", b1: "x", a2: "x", b2: "x" }],
    });
  });
});
