/**
 * Background and edge of an inventory row by its state: the selected row is marked by an accent
 * edge as well as a tint, so it stands out without relying on colour alone.
 */
import type { RowState } from "./row-state";

export const ROW_CLASS: Record<RowState, string> = {
  selected: "bg-accent-soft shadow-[inset_3px_0_0_var(--color-accent)]",
  highlighted: "bg-accent-soft/50",
  plain: "hover:bg-raised",
};
