"use client";
/**
 * What stands in a view's place while its code loads (a panel the first page does not carry, see
 * lazy-views.tsx). It counts as a view still being built, so the page says `data-analysis="done"`
 * only once the view itself is shown.
 */
import { useEffect } from "react";
import { beginSteps } from "./steps-pending";

export function PendingView() {
  useEffect(() => beginSteps(), []);
  return (
    <p role="status" aria-busy="true" className="text-muted p-4 text-sm">
      Loading…
    </p>
  );
}
