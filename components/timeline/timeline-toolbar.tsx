/**
 * The timeline's toolbar: zoom out and in on the time axis, "Now" back to the opening view around the
 * judge date, "All" to see every certificate end to end (ten-year CAs included). Same look as the
 * graph's zoom buttons; words rather than icons for the two views, which no icon says well.
 */
import type { ReactNode } from "react";
import { ZoomInIcon, ZoomOutIcon } from "@/components/shared/icons";
import { testIds } from "@/components/test-ids";
import type { TimeZoomControls } from "./use-time-zoom";

const BUTTON =
  "text-muted hover:bg-raised hover:text-fg flex h-8 min-w-8 items-center justify-center px-2 text-xs font-medium focus-visible:outline-offset-[-2px] sm:h-7 sm:min-w-7";

function Button(props: {
  label: string;
  title: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.title}
      data-testid={props.testId}
      onClick={props.onClick}
      className={BUTTON}
    >
      {props.children}
    </button>
  );
}

export function TimelineToolbar({ zoom, className = "" }: { zoom: TimeZoomControls; className?: string }) {
  return (
    <div
      role="group"
      aria-label="Time axis"
      className={`border-line bg-surface divide-line flex divide-x overflow-hidden rounded-md border ${className}`}
    >
      <Button label="Zoom out" title="Zoom out (−)" testId={testIds.timelineZoomOut} onClick={zoom.zoomOut}>
        <ZoomOutIcon />
      </Button>
      <Button label="Zoom in" title="Zoom in (+)" testId={testIds.timelineZoomIn} onClick={zoom.zoomIn}>
        <ZoomInIcon />
      </Button>
      <Button
        label="Now: show the judge date and the renewals ahead"
        title="Back to the judge date, the leaves and the CA horizon"
        testId={testIds.timelineFocus}
        onClick={zoom.showFocus}
      >
        Now
      </Button>
      <Button
        label="All: show every certificate end to end"
        title="Every certificate end to end, CAs included"
        testId={testIds.timelineAll}
        onClick={zoom.showAll}
      >
        All
      </Button>
    </div>
  );
}
