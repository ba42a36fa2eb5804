/**
 * A view's small toolbar: a bordered row of buttons, as the graph's zoom buttons and the timeline's
 * time-axis buttons are. Each button has its name for assistive tech, its tooltip and its test id.
 */
import type { ReactNode } from "react";

const SHAPES = {
  /** An icon alone. */
  square:
    "text-muted hover:bg-raised hover:text-fg flex size-8 items-center justify-center focus-visible:outline-offset-[-2px] sm:size-7",
  /** A short word (or an icon beside words, at the same height). */
  label:
    "text-muted hover:bg-raised hover:text-fg flex h-8 min-w-8 items-center justify-center px-2 text-xs font-medium focus-visible:outline-offset-[-2px] sm:h-7 sm:min-w-7",
} as const;

export interface ToolButtonProps {
  label: string;
  /** The tooltip; the label when not given. */
  title?: string;
  testId: string;
  onClick: () => void;
  shape?: keyof typeof SHAPES;
  children: ReactNode;
}

export function ToolButton({
  label,
  title = label,
  testId,
  onClick,
  shape = "square",
  children,
}: ToolButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title}
      data-testid={testId}
      onClick={onClick}
      className={SHAPES[shape]}
    >
      {children}
    </button>
  );
}

/** The row of buttons, named for assistive tech; `className` places it. */
export function ToolGroup({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={`border-line bg-surface divide-line flex divide-x overflow-hidden rounded-md border ${className}`}
    >
      {children}
    </div>
  );
}
