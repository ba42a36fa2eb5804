"use client";
/**
 * Closing rules shared by the toolbar's pop-ups (the export menu, the threshold settings): Escape
 * closes and gives focus back to the button that opened it; a press outside closes without moving
 * focus, so the click still lands where the person aimed.
 */
import { useEffect, type RefObject } from "react";

/** While `open`, call `onDismiss` on Escape or on a pointer press outside `root`. */
export function useDismiss(
  open: boolean,
  onDismiss: () => void,
  root: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      onDismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onDismiss();
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, onDismiss, root, trigger]);
}
