import { describe, expect, it } from "vitest";
import { popoverAlign } from "./popover-align";

describe("popoverAlign", () => {
  it.each([
    {
      name: "a button at the right of a desktop toolbar",
      button: { left: 1150, right: 1240 },
      viewport: 1280,
      want: "end",
    },
    {
      name: "a button at the left of a phone's wrapped row",
      button: { left: 12, right: 100 },
      viewport: 390,
      want: "start",
    },
    {
      name: "a button in the middle with room on the left",
      button: { left: 300, right: 380 },
      viewport: 390,
      want: "end",
    },
    {
      name: "a narrow screen: towards the side with more room",
      button: { left: 40, right: 120 },
      viewport: 300,
      want: "start",
    },
  ] as const)("$name", ({ button, viewport, want }) => {
    expect(popoverAlign(button, viewport, 288)).toBe(want);
  });
});
