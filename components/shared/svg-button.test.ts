import type { KeyboardEvent, MouseEvent } from "react";
import { describe, expect, it } from "vitest";
import { isActivationKey, svgButtonProps } from "./svg-button";

/** The calls a handler made: what it activated, passed on, or stopped. */
function recorder() {
  const calls: string[] = [];
  const props = svgButtonProps(() => calls.push("activate"), {
    label: "etcd → kube-apiserver",
    pressed: false,
    tabbable: true,
    onKey: (event) => calls.push(`key ${event.key}`),
  });
  return { calls, props };
}

function keyDown(key: string, calls: string[]): KeyboardEvent<SVGGElement> {
  return { key, preventDefault: () => calls.push("preventDefault") } as unknown as KeyboardEvent<SVGGElement>;
}

describe("svgButtonProps", () => {
  it.each([
    { key: "Enter", want: ["preventDefault", "activate"] },
    { key: " ", want: ["preventDefault", "activate"] },
    { key: "ArrowRight", want: ["key ArrowRight"] },
    { key: "Escape", want: ["key Escape"] },
    { key: "Spacebar", want: ["key Spacebar"] },
    { key: "a", want: ["key a"] },
  ])("key $key: $want", ({ key, want }) => {
    const { calls, props } = recorder();
    props.onKeyDown(keyDown(key, calls));
    expect(calls).toEqual(want);
  });

  it("a click activates and stops at the item, so the background does not clear the selection", () => {
    const { calls, props } = recorder();
    props.onClick({
      stopPropagation: () => calls.push("stopPropagation"),
    } as unknown as MouseEvent<SVGGElement>);
    expect(calls).toEqual(["stopPropagation", "activate"]);
  });

  it("without onKey, other keys do nothing", () => {
    const calls: string[] = [];
    const props = svgButtonProps(() => calls.push("activate"), {
      label: "x",
      pressed: true,
      tabbable: false,
    });
    props.onKeyDown(keyDown("ArrowDown", calls));
    expect(calls).toEqual([]);
  });

  it.each([
    {
      tabbable: true,
      pressed: true,
      describedBy: "tip",
      want: { tabIndex: 0, pressed: true, describedBy: "tip" },
    },
    {
      tabbable: false,
      pressed: false,
      describedBy: undefined,
      want: { tabIndex: -1, pressed: false, describedBy: undefined },
    },
  ])("tabbable $tabbable, pressed $pressed: a button with its tab stop and state", ({ want, ...options }) => {
    const props = svgButtonProps(() => undefined, { label: "apiserver", ...options });
    expect(props).toMatchObject({
      role: "button",
      "aria-label": "apiserver",
      tabIndex: want.tabIndex,
      "aria-pressed": want.pressed,
      "aria-describedby": want.describedBy,
    });
  });
});

describe("isActivationKey", () => {
  it.each([
    { key: "Enter", want: true },
    { key: " ", want: true },
    { key: "Space", want: false },
    { key: "Tab", want: false },
  ])("$key: $want", ({ key, want }) => expect(isActivationKey(key)).toBe(want));
});
