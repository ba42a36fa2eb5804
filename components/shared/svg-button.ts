/**
 * An SVG group that acts as a button (a graph's edge or box): SVG has no `<button>`, so the role,
 * the tab stop, the pressed state and the keyboard activation a real button gets for free are
 * written here once. A click stops at the item, so the background's "click clears the selection"
 * never sees it.
 */
import type { KeyboardEvent, MouseEvent } from "react";

export interface SvgButtonOptions {
  /** The accessible name. */
  label: string;
  /** Selected: spoken as a pressed toggle button. */
  pressed: boolean;
  /** The group's one Tab stop (a roving tab index); the other items are reached with the arrows. */
  tabbable: boolean;
  /** Id of an element that describes the item further. */
  describedBy?: string;
  /** Keys other than Enter and Space, for moving between items. */
  onKey?: (event: KeyboardEvent<SVGGElement>) => void;
}

export interface SvgButtonProps {
  role: "button";
  tabIndex: 0 | -1;
  "aria-label": string;
  "aria-describedby": string | undefined;
  "aria-pressed": boolean;
  onClick: (event: MouseEvent<SVGGElement>) => void;
  onKeyDown: (event: KeyboardEvent<SVGGElement>) => void;
}

/** The keys that press a button: Enter and Space. */
export function isActivationKey(key: string): boolean {
  return key === "Enter" || key === " ";
}

/** Props to spread on an SVG `<g>` so that it is a button, activated by a click, Enter or Space. */
export function svgButtonProps(onActivate: () => void, options: SvgButtonOptions): SvgButtonProps {
  const { label, pressed, tabbable, describedBy, onKey } = options;
  return {
    role: "button",
    tabIndex: tabbable ? 0 : -1,
    "aria-label": label,
    "aria-describedby": describedBy,
    "aria-pressed": pressed,
    onClick: (event) => {
      event.stopPropagation();
      onActivate();
    },
    onKeyDown: (event) => {
      if (isActivationKey(event.key)) {
        event.preventDefault();
        onActivate();
      } else onKey?.(event);
    },
  };
}
