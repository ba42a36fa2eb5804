import { describe, expect, it } from "vitest";
import { beginSteps, stepsUnderWay } from "./steps-pending";

describe("stepped builds under way", () => {
  it("counts each build until it ends, once, however often its end is called", () => {
    const before = stepsUnderWay();
    const first = beginSteps();
    const second = beginSteps();
    expect(stepsUnderWay()).toBe(before + 2);
    first();
    first();
    expect(stepsUnderWay()).toBe(before + 1);
    second();
    expect(stepsUnderWay()).toBe(before);
  });
});
