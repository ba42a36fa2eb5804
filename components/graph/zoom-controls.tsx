/**
 * Zoom in, zoom out and fit: the graph's own toolbar, for people without a wheel or a pinch, and the
 * way back to the whole picture.
 */
import { LineIcon, ZoomInIcon, ZoomOutIcon } from "@/components/shared/icons";
import { ToolButton, ToolGroup } from "@/components/shared/tool-group";
import { testIds } from "@/components/test-ids";
import type { ZoomControls as ZoomActions } from "./use-zoom";

/** The button group in the graph's header. */
export function ZoomControls({ actions, className = "" }: { actions: ZoomActions; className?: string }) {
  return (
    <ToolGroup label="Zoom" className={className}>
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
    </ToolGroup>
  );
}
