"use client";
/**
 * What every teaching panel shares: its small header (what it is, where it is, how to leave), the
 * look of its step buttons, and the keys a presenter uses — →/PageDown on, ←/PageUp back, Escape out —
 * which are listened to on the whole page (a clicker sends them wherever the focus is), except while
 * the person types in a field.
 */
import { useEffect } from "react";

export const STEP_BUTTON =
  "border-line bg-surface hover:bg-raised rounded-lg border px-3 py-1.5 text-sm font-medium disabled:opacity-40";

/** The panel's first line: "GUIDED TOUR · 3 OF 15" and a way out. */
export function PanelHeader({ label, onLeave }: { label: string; onLeave: () => void }) {
  return (
    <div className="flex items-center gap-2">
      <p className="text-muted text-xs font-semibold tracking-wider uppercase">{label}</p>
      <button
        type="button"
        onClick={onLeave}
        className="text-muted hover:text-fg ml-auto text-xs font-medium"
      >
        Leave (Esc)
      </button>
    </div>
  );
}

/** Whether a key press belongs to a field the person is typing in. */
export function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** The presenter's keys, while the panel is open. */
export function useStepKeys(keys: { next: () => void; back: () => void; leave: () => void }): void {
  const { next, back, leave } = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight" || event.key === "PageDown") next();
      else if (event.key === "ArrowLeft" || event.key === "PageUp") back();
      else if (event.key === "Escape") leave();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [next, back, leave]);
}
