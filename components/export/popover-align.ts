/**
 * Which edge of its button a pop-up hangs from. Toolbars wrap on phones, so the same button can sit
 * at the right edge on a desktop and at the left edge on a phone; the panel opens towards the side
 * with room instead of off the screen.
 */

export type PopoverAlign = "start" | "end";

/** `end` (panel's right edge under the button's right edge) when the panel fits leftwards, else `start`. */
export function popoverAlign(
  button: { left: number; right: number },
  viewportWidth: number,
  panelWidth: number,
  gutter = 8,
): PopoverAlign {
  const fitsRightward = button.left + panelWidth <= viewportWidth - gutter;
  const fitsLeftward = button.right - panelWidth >= gutter;
  if (fitsLeftward) return "end";
  if (fitsRightward) return "start";
  // Neither fits whole: open towards the side with more room.
  return button.right > viewportWidth - button.left ? "end" : "start";
}
