/**
 * What the topology graph's edges and boxes share: the handlers the graph gives each item, and the
 * props that make the item a button that previews on hover and focus, so an edge and a box answer
 * the pointer and the keyboard alike.
 */
import type { FocusEvent, KeyboardEvent, PointerEvent } from "react";
import { svgButtonProps, type SvgButtonProps } from "@/components/shared/svg-button";

export interface ItemHandlers {
  /** Click, Enter or Space. */
  onActivate: () => void;
  /** Pointer or focus arrived (true) or left (false). */
  onPreview: (on: boolean) => void;
  /** Keys other than Enter/Space, for moving between items. */
  onKey: (event: KeyboardEvent<SVGGElement>) => void;
  /** Focus arrived: bring the item into view. */
  onReveal?: () => void;
  /** Focus arrived, by any means: the graph's Tab stop moves here. */
  onFocused?: () => void;
  /** The graph's one Tab stop (a roving tab index); the other items are reached with the arrows. */
  tabbable?: boolean;
}

export interface GraphItemProps extends SvgButtonProps {
  onPointerEnter: (event: PointerEvent<SVGGElement>) => void;
  onPointerLeave: (event: PointerEvent<SVGGElement>) => void;
  onFocus: (event: FocusEvent<SVGGElement>) => void;
  onBlur: (event: FocusEvent<SVGGElement>) => void;
}

/**
 * Props to spread on an item's `<g>`: the button (`label`, `pressed`, `describedBy`), a preview
 * while the pointer or focus is on it, and on focus the Tab stop and the scroll into view.
 * `onHover` hears the element the pointer or focus came to (true) or left (false), for a tooltip.
 */
export function graphItemProps(
  handlers: ItemHandlers,
  button: { label: string; pressed: boolean; describedBy?: string },
  onHover?: (target: SVGGElement, on: boolean) => void,
): GraphItemProps {
  const { onActivate, onPreview, onKey, onReveal, onFocused, tabbable = false } = handlers;
  const preview = (target: SVGGElement, on: boolean) => {
    onPreview(on);
    onHover?.(target, on);
  };
  return {
    ...svgButtonProps(onActivate, { ...button, tabbable, onKey }),
    onPointerEnter: (event) => preview(event.currentTarget, true),
    onPointerLeave: (event) => preview(event.currentTarget, false),
    onFocus: (event) => {
      onFocused?.();
      onPreview(true);
      onReveal?.();
      onHover?.(event.currentTarget, true);
    },
    onBlur: (event) => preview(event.currentTarget, false),
  };
}
