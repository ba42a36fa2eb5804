/**
 * Zoom in, zoom out and fit: the graph's own toolbar, for people without a wheel or a pinch, and the
 * way back to the whole picture.
 */
import type { ReactNode } from "react";
import { LineIcon, ZoomInIcon, ZoomOutIcon } from "@/components/shared/icons";
import { testIds } from "@/components/test-ids";
import type { ZoomControls as ZoomActions } from "./use-zoom";

function ToolButton({
  label,
  testId,
  onClick,
  children,
}: {
  label: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={onClick}
      className="text-muted hover:bg-raised hover:text-fg flex size-8 items-center justify-center focus-visible:outline-offset-[-2px] sm:size-7"
    >
      {children}
    </button>
  );
}

/** The button group in the graph's header. */
export function ZoomControls({ actions, className = "" }: { actions: ZoomActions; className?: string }) {
  return (
    <div
      role="group"
      aria-label="Zoom"
      className={`border-line bg-surface divide-line flex divide-x overflow-hidden rounded-md border ${className}`}
    >
      <ToolButton label="Zoom in" testId={testIds.graphZoomIn} onClick={actions.zoomIn}>
        <ZoomInIcon />
      </ToolButton>
      <ToolButton label="Zoom out" testId={testIds.graphZoomOut} onClick={actions.zoomOut}>
        <ZoomOutIcon />
      </ToolButton>
      <ToolButton label="Fit the graph to the view" testId={testIds.graphFit} onClick={actions.fit}>
        <LineIcon>
          <path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10" />
        </LineIcon>
      </ToolButton>
    </div>
  );
}
