import type { FocusEvent, PointerEvent } from "react";
import { describe, expect, it } from "vitest";
import { graphItemProps, type ItemHandlers } from "./graph-item";

const target = { id: "edge" } as unknown as SVGGElement;
const event = { currentTarget: target } as unknown as PointerEvent<SVGGElement> & FocusEvent<SVGGElement>;

/** An item's props with every handler writing what it heard. */
function recorder(withHover: boolean, handlers: Partial<ItemHandlers> = {}) {
  const calls: string[] = [];
  const props = graphItemProps(
    {
      onActivate: () => calls.push("activate"),
      onPreview: (on) => calls.push(`preview ${on}`),
      onKey: () => calls.push("key"),
      onReveal: () => calls.push("reveal"),
      onFocused: () => calls.push("focused"),
      ...handlers,
    },
    { label: "etcd → kube-apiserver", pressed: true },
    withHover ? (at, on) => calls.push(`hover ${at === target} ${on}`) : undefined,
  );
  return { calls, props };
}

describe("graphItemProps", () => {
  it.each([
    { name: "pointer enter", fire: "onPointerEnter", want: ["preview true", "hover true true"] },
    { name: "pointer leave", fire: "onPointerLeave", want: ["preview false", "hover true false"] },
    { name: "focus", fire: "onFocus", want: ["focused", "preview true", "reveal", "hover true true"] },
    { name: "blur", fire: "onBlur", want: ["preview false", "hover true false"] },
  ] as const)("$name: $want", ({ fire, want }) => {
    const { calls, props } = recorder(true);
    props[fire](event);
    expect(calls).toEqual(want);
  });

  it("without a hover listener, only the graph hears (a box has no tooltip of its own)", () => {
    const { calls, props } = recorder(false);
    props.onPointerEnter(event);
    props.onFocus(event);
    expect(calls).toEqual(["preview true", "focused", "preview true", "reveal"]);
  });

  it("is a pressed button, out of the Tab order unless it holds the graph's Tab stop", () => {
    expect(recorder(false).props).toMatchObject({ role: "button", "aria-pressed": true, tabIndex: -1 });
    expect(recorder(false, { tabbable: true }).props.tabIndex).toBe(0);
  });
});
