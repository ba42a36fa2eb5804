"use client";
/**
 * On phones the detail panel slides up from the bottom instead of sitting beside the graph. Escape
 * closes it; it takes at most most of the screen so the graph stays visible behind it.
 */
import { useEffect, type ReactNode } from "react";

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
}

export function BottomSheet({ open, onClose, label, children }: BottomSheetProps) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-40 lg:hidden"
      role="dialog"
      aria-label={label}
      aria-modal="false"
    >
      <div className="border-line bg-surface mx-auto max-h-[72dvh] overflow-y-auto rounded-t-2xl border-t shadow-[0_-8px_30px_rgba(0,0,0,0.25)]">
        <div className="bg-surface sticky top-0 z-10 flex justify-center pt-2 pb-1">
          <span className="bg-line h-1 w-10 rounded-full" aria-hidden />
        </div>
        {children}
      </div>
    </div>
  );
}
