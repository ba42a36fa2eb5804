/**
 * The timeline's toolbar: zoom out and in on the time axis, "Now" back to the opening view around the
 * judge date, "All" to see every certificate end to end (ten-year CAs included). Same look as the
 * graph's zoom buttons; words rather than icons for the two views, which no icon says well.
 */
import { ZoomInIcon, ZoomOutIcon } from "@/components/shared/icons";
import { ToolButton, ToolGroup } from "@/components/shared/tool-group";
import { testIds } from "@/components/test-ids";
import type { TimeZoomControls } from "./use-time-zoom";

export function TimelineToolbar({ zoom, className = "" }: { zoom: TimeZoomControls; className?: string }) {
  return (
    <ToolGroup label="Time axis" className={className}>
      <ToolButton
        label="Zoom out"
        title="Zoom out (−)"
        testId={testIds.timelineZoomOut}
        onClick={zoom.zoomOut}
        shape="label"
      >
        <ZoomOutIcon />
      </ToolButton>
      <ToolButton
        label="Zoom in"
        title="Zoom in (+)"
        testId={testIds.timelineZoomIn}
        onClick={zoom.zoomIn}
        shape="label"
      >
        <ZoomInIcon />
      </ToolButton>
      <ToolButton
        label="Now: show the judge date and the renewals ahead"
        title="Back to the judge date, the leaves and the CA horizon"
        testId={testIds.timelineFocus}
        onClick={zoom.showFocus}
        shape="label"
      >
        Now
      </ToolButton>
      <ToolButton
        label="All: show every certificate end to end"
        title="Every certificate end to end, CAs included"
        testId={testIds.timelineAll}
        onClick={zoom.showAll}
        shape="label"
      >
        All
      </ToolButton>
    </ToolGroup>
  );
}
