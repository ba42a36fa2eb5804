import { describe, expect, it } from "vitest";
import { groupHex, hexLines } from "./group-hex";

describe("groupHex", () => {
  it.each([
    { name: "pairs, upper case", input: "0a7520f1", options: {}, want: "0A:75:20:F1" },
    { name: "lower case on request", input: "7592D092", options: { uppercase: false }, want: "75:92:d0:92" },
    { name: "odd length gets a leading zero", input: "abc", options: {}, want: "0A:BC" },
    { name: "existing separators are ignored", input: "0a:75 20-f1", options: {}, want: "0A:75:20:F1" },
    { name: "empty", input: "", options: {}, want: "" },
  ])("$name", ({ input, options, want }) => {
    expect(groupHex(input, options)).toBe(want);
  });
});

describe("hexLines", () => {
  const sha256 = "fdd5681ddfed3cfae5c18e20c53960cb6b3c5125e802a1a143c4cd5b4c5acfb3";
  it("splits a SHA-256 fingerprint into two lines of 16 bytes", () => {
    expect(hexLines(sha256)).toEqual([
      "FD:D5:68:1D:DF:ED:3C:FA:E5:C1:8E:20:C5:39:60:CB",
      "6B:3C:51:25:E8:02:A1:A1:43:C4:CD:5B:4C:5A:CF:B3",
    ]);
  });
  it("keeps a short remainder on its own line", () => {
    expect(hexLines("0102030405", 2)).toEqual(["01:02", "03:04", "05"]);
  });
  it("has no lines for no bytes", () => {
    expect(hexLines("")).toEqual([]);
  });
});
