/**
 * Inline icons. `LineIcon` is the frame every line icon of the app shares: drawn in the text colour
 * with no fill, on a 16 grid (ours) or a 24 grid, and hidden from assistive tech, since the button
 * or word beside it carries the meaning. The icons drawn in more than one place are here too; an
 * icon used once stays beside its use, in this frame.
 */
import type { ReactNode } from "react";

export interface IconProps {
  className?: string;
}

export interface LineIconProps extends IconProps {
  /** Side of the square the drawing is made on. */
  grid?: 16 | 24;
  /** Stroke width, in grid units. */
  weight?: number;
  /** Round the ends of every line (else each path chooses). */
  roundCaps?: boolean;
  /** Round the corners of every line. */
  roundJoins?: boolean;
  children: ReactNode;
}

/** The frame of a line icon; its children are the drawing. */
export function LineIcon({
  grid = 16,
  weight = 1.6,
  roundCaps = true,
  roundJoins = false,
  className = "size-4",
  children,
}: LineIconProps) {
  return (
    <svg
      viewBox={`0 0 ${grid} ${grid}`}
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap={roundCaps ? "round" : undefined}
      strokeLinejoin={roundJoins ? "round" : undefined}
    >
      {children}
    </svg>
  );
}

/** A plus: zoom in. */
export function ZoomInIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M8 3.5v9M3.5 8h9" />
    </LineIcon>
  );
}

/** A minus: zoom out. */
export function ZoomOutIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M3.5 8h9" />
    </LineIcon>
  );
}

/** A solid caret under a menu's or a panel's button: up while it is open, down while it is shut. */
export function CaretIcon({ up, className = "size-3" }: IconProps & { up: boolean }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={className} fill="currentColor">
      <path d={up ? "M4 10l4-4 4 4z" : "M4 6l4 4 4-4z"} />
    </svg>
  );
}
