import { describe, expect, it } from "vitest";
import { naturalOrder } from "./natural-order";

describe("naturalOrder", () => {
  it("counts the numbers in names", () => {
    expect(["node-10", "node-2", "control-1", "node-1"].sort(naturalOrder)).toEqual([
      "control-1",
      "node-1",
      "node-2",
      "node-10",
    ]);
  });
});
