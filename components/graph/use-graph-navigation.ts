"use client";
/**
 * Keyboard use of the topology graph as one Tab stop (a roving tab index, like the timeline's bars):
 * the item last focused, else the selected one, else the first box, is the one Tab reaches; arrows,
 * Home and End move focus between boxes and relationships (see graph-keys.ts), Escape clears the
 * selection. Enter and Space are the items' own (the same as a click).
 */
import { useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { Selection } from "@/components/explorer/selection";
import { nextGraphPosition, positionOnFocus, type GraphNav, type NavPosition } from "./graph-keys";

export type NavItem = { kind: "node" | "edge"; id: string };

export interface GraphNavigationOptions {
  svgRef: RefObject<SVGSVGElement | null>;
  nav: GraphNav;
  /** The selected item, when it is drawn. */
  selected?: NavItem;
  onSelect: (selection: Selection) => void;
}

export interface GraphNavigation {
  /** Whether Tab stops at this item. */
  isTabStop: (item: NavItem) => boolean;
  onKey: (event: KeyboardEvent<SVGGElement>, item: NavItem) => void;
  /** An item got focus, by any means. */
  onFocusItem: (item: NavItem) => void;
}

/** The attribute each item carries, to be found when a key moves focus to it. */
export function navSelector(item: NavItem): string {
  return `[data-${item.kind}="${CSS.escape(item.id)}"]`;
}

function drawn(item: NavItem, nav: GraphNav): boolean {
  return item.kind === "node" ? nav.nodes.includes(item.id) : nav.home.has(item.id);
}

export function useGraphNavigation(options: GraphNavigationOptions): GraphNavigation {
  const { svgRef, nav, selected, onSelect } = options;
  const [focused, setFocused] = useState<NavPosition | null>(null);
  // Read by the handlers: focus events can follow a key within one render.
  const position = useRef<NavPosition | null>(null);
  const first = nav.nodes[0];
  const stop: NavItem | undefined =
    focused && drawn(focused, nav)
      ? focused
      : (selected ?? (first === undefined ? undefined : { kind: "node", id: first }));

  const moveTo = (next: NavPosition) => {
    position.current = next;
    setFocused(next);
  };

  const onFocusItem = (item: NavItem) => moveTo(positionOnFocus(item, position.current, nav));

  const onKey = (event: KeyboardEvent<SVGGElement>, item: NavItem) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onSelect(null);
      return;
    }
    const at =
      position.current?.kind === item.kind && position.current.id === item.id
        ? position.current
        : positionOnFocus(item, position.current, nav);
    const next = nextGraphPosition(event.key, at, nav);
    if (!next) return;
    event.preventDefault();
    moveTo(next);
    svgRef.current?.querySelector<SVGGElement>(navSelector(next))?.focus();
  };

  const isTabStop = (item: NavItem) => stop?.kind === item.kind && stop.id === item.id;

  return { isTabStop, onKey, onFocusItem };
}
