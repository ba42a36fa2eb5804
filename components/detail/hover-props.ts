/**
 * Pointer and focus handlers that report a hover preview to the workbench (`onHover`), so hovering
 * or tabbing onto a link in a panel lights the same things in the graph as selecting it would.
 */
import type { ExplorerViewProps, Selection } from "../explorer/selection";

export interface HoverHandlers {
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
}

/** Handlers previewing `selection` while hovered or focused; none when the view has no `onHover`. */
export function hoverProps(onHover: ExplorerViewProps["onHover"], selection: Selection): HoverHandlers {
  if (!onHover) return {};
  const enter = () => onHover(selection);
  const leave = () => onHover(null);
  return { onMouseEnter: enter, onMouseLeave: leave, onFocus: enter, onBlur: leave };
}
