import { describe, expect, it } from "vitest";
import { hasHiddenCharacters, inertText, textPieces } from "./inert-text";

describe("inertText", () => {
  it.each([
    ["plain ASCII", "system:kube-controller-manager", "system:kube-controller-manager"],
    ["non-Latin names", "узел-1 ノード", "узел-1 ノード"],
    ["newline and tab", "a\nb\tc\r", "a\\nb\\tc\\r"],
    ["clear screen", "\u001b[2Jadmin", "\\x1B[2Jadmin"],
    ["window title (OSC 0, BEL)", "\u001b]0;pwned\u0007", "\\x1B]0;pwned\\x07"],
    [
      "OSC 8 hyperlink",
      "\u001b]8;;https://x.invalid\u001b\\ca\u001b]8;;\u001b\\",
      "\\x1B]8;;https://x.invalid\\x1B\\ca\\x1B]8;;\\x1B\\",
    ],
    ["C1 CSI and DEL", "a\u009b2Jb\u007f", "a\\x9B2Jb\\x7F"],
    ["right-to-left override", "admin\u202egnp.exe", "admin\\u202Egnp.exe"],
    ["isolates and marks", "\u2066x\u2069\u200f\u061c", "\\u2066x\\u2069\\u200F\\u061C"],
    ["zero-width and BOM", "ad\u200bmin\ufeff", "ad\\u200Bmin\\uFEFF"],
    ["line separator", "a\u2028b", "a\\u2028b"],
    ["NUL", "a\u0000b", "a\\x00b"],
  ])("%s", (_name, input, expected) => {
    expect(inertText(input)).toBe(expected);
    expect(hasHiddenCharacters(input)).toBe(input !== expected);
    // What comes out holds nothing a terminal acts on.
    expect(hasHiddenCharacters(inertText(input))).toBe(false);
  });

  it("returns the same string when there is nothing to rewrite", () => {
    const text = "pki/apiserver.crt";
    expect(inertText(text)).toBe(text);
  });

  it("is stable across calls (the global pattern keeps no state between them)", () => {
    expect([1, 2, 3].map(() => hasHiddenCharacters("x\u001b"))).toEqual([true, true, true]);
    expect([1, 2].map(() => inertText("\u202e"))).toEqual(["\\u202E", "\\u202E"]);
  });
});

describe("textPieces", () => {
  it("marks each hidden character and joins back to the input", () => {
    const text = "admin\u202egnp.exe\u001b";
    const pieces = textPieces(text);
    expect(pieces).toEqual([
      { kind: "text", text: "admin" },
      { kind: "hidden", text: "\u202e", shown: "\\u202E" },
      { kind: "text", text: "gnp.exe" },
      { kind: "hidden", text: "\u001b", shown: "\\x1B" },
    ]);
    expect(pieces.map((piece) => piece.text).join("")).toBe(text);
  });

  it("gives one plain piece for ordinary text and none for the empty string", () => {
    expect(textPieces("ca.crt")).toEqual([{ kind: "text", text: "ca.crt" }]);
    expect(textPieces("")).toEqual([]);
  });
});
