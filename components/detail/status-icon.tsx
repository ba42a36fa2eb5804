/**
 * One small icon per status or severity. Each has its own shape (check in a circle, triangle,
 * crossed octagon, dashed circle, "i"), so the status reads without its colour.
 */
import type { ReactNode } from "react";
import { LineIcon } from "@/components/shared/icons";

export type Tone = "ok" | "warning" | "error" | "unknown" | "info";

const SHAPES: Record<Tone, ReactNode> = {
  ok: (
    <>
      <circle cx="8" cy="8" r="6.5" />
      <path d="m5.2 8.2 1.9 1.9 3.7-4" />
    </>
  ),
  warning: (
    <>
      <path d="M8 1.8 14.8 13.6H1.2Z" />
      <path d="M8 6.2v3.4M8 11.6v.1" />
    </>
  ),
  error: (
    <>
      <path d="M5.3 1.5h5.4l3.8 3.8v5.4l-3.8 3.8H5.3l-3.8-3.8V5.3Z" />
      <path d="m5.8 5.8 4.4 4.4m0-4.4-4.4 4.4" />
    </>
  ),
  unknown: (
    <>
      <circle cx="8" cy="8" r="6.5" strokeDasharray="2.4 1.8" />
      <path d="M6.3 6.3a1.8 1.8 0 1 1 2.4 1.7c-.5.2-.7.6-.7 1.1v.3M8 11.6v.1" />
    </>
  ),
  info: (
    <>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 7.3v4M8 4.6v.1" />
    </>
  ),
};

/** The icon of `tone`, decorative (the word beside it carries the meaning for screen readers). */
export function StatusIcon({ tone, className = "size-3.5" }: { tone: Tone; className?: string }) {
  return (
    <LineIcon roundJoins className={`shrink-0 ${className}`}>
      {SHAPES[tone]}
    </LineIcon>
  );
}
