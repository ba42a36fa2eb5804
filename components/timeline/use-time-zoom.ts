"use client";
/**
 * Zoom and pan of the timeline's time axis with d3-zoom, on x only. The behaviour is attached to the
 * SVG in an effect and every frame goes to `onScale` with the rescaled UTC scale, which moves the marks
 * in the DOM (no React render while zooming). Gestures: drag pans; Ctrl/⌘ + wheel, a trackpad pinch or
 * a two-finger pinch zooms; a plain wheel over the time axis zooms too, elsewhere it scrolls the page
 * as usual; a horizontal wheel or swipe pans. A one-finger touch is left to the page, so the timeline
 * never traps a phone's scrolling. A new report opens on its focus view; a resize keeps the dates in
 * view.
 */
import { scaleUtc, type ScaleTime } from "d3-scale";
import { select } from "d3-selection";
import { zoom, zoomIdentity, zoomTransform } from "d3-zoom";
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { attachZoom, type SvgZoom } from "@/components/shared/attach-zoom";
import { useZoomSteps, type ZoomSteps } from "@/components/shared/use-zoom-steps";
import { DAY_MS } from "@/lib/expiry";
import { unionDomain, type TimeDomain } from "./time-domain";

export type TimeScale = ScaleTime<number, number>;

export interface TimeZoomControls extends ZoomSteps {
  /** Every certificate end to end. */
  showAll: () => void;
  /** Back to the opening view around the judge date. */
  showFocus: () => void;
  /** Pan, keeping the zoom, so that a bar from `start` to `end` is in view. */
  reveal: (start: number, end: number) => void;
  /** The scale in effect. */
  scale: () => TimeScale;
}

export interface TimeZoomOptions {
  plotLeft: number;
  plotRight: number;
  focus: TimeDomain;
  full: TimeDomain;
  /** Called on every zoom frame (and after a reset) with the scale now in effect. */
  onScale: (x: TimeScale) => void;
}

const STEP = 1.5;
/** The narrowest view: two days across the plot. */
const MIN_VISIBLE = 2 * DAY_MS;

/** Which events start a gesture: a wheel only with Ctrl/⌘ or over the axis; touch only with two fingers. */
function gestureFilter(event: Event): boolean {
  if (event.type === "wheel") {
    const wheel = event as WheelEvent;
    const overAxis = event.target instanceof Element && event.target.closest("[data-zoom-handle]") !== null;
    return wheel.ctrlKey || wheel.metaKey || overAxis;
  }
  if (event.type === "touchstart") return (event as TouchEvent).touches.length >= 2;
  const mouse = event as MouseEvent;
  return !mouse.ctrlKey && !mouse.button;
}

/** A mouse wheel with Ctrl steps gently; a trackpad pinch (small deltas with ctrlKey) stays responsive. */
function wheelDelta(event: WheelEvent): number {
  const unit = event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002;
  const pinch = event.ctrlKey && Math.abs(event.deltaY) < 50;
  return -event.deltaY * unit * (pinch ? 10 : 1);
}

/** Attach x-only zoom to `svgRef`; returns the toolbar's actions. */
export function useTimeZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  options: TimeZoomOptions,
): TimeZoomControls {
  const { plotLeft, plotRight, focus, full, onScale } = options;
  const [behaviour] = useState<SvgZoom>(() =>
    zoom<SVGSVGElement, unknown>().filter(gestureFilter).wheelDelta(wheelDelta).clickDistance(4),
  );
  const onScaleRef = useRef(onScale);
  const visible = useRef<TimeDomain | undefined>(undefined);
  const shownFocus = useRef<TimeDomain | undefined>(undefined);

  useLayoutEffect(() => {
    onScaleRef.current = onScale;
  }, [onScale]);

  const base = useMemo(
    () => scaleUtc().domain([focus.start, focus.end]).range([plotLeft, plotRight]),
    [focus.start, focus.end, plotLeft, plotRight],
  );

  const transformFor = useCallback(
    (domain: TimeDomain) => {
      const k = (plotRight - plotLeft) / (base(domain.end) - base(domain.start));
      return zoomIdentity.translate(plotLeft - k * base(domain.start), 0).scale(k);
    },
    [base, plotLeft, plotRight],
  );

  const scale = useCallback((): TimeScale => {
    const svg = svgRef.current;
    return svg ? zoomTransform(svg).rescaleX(base) : base;
  }, [svgRef, base]);

  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const detach = attachZoom(svg, behaviour, (event) => {
      const x = event.transform.rescaleX(base);
      const [start, end] = x.domain();
      visible.current = { start: start?.getTime() ?? focus.start, end: end?.getTime() ?? focus.end };
      onScaleRef.current(x);
    });

    // Horizontal wheels (trackpad swipes, Shift + wheel) pan through time.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) return;
      const dx = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
      if (Math.abs(dx) <= Math.abs(event.shiftKey ? 0 : event.deltaY)) return;
      event.preventDefault();
      behaviour.translateBy(select(svg), -dx / zoomTransform(svg).k, 0);
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      svg.removeEventListener("wheel", onWheel);
      detach();
    };
  }, [svgRef, behaviour, base, focus.start, focus.end]);

  // Configure the limits for this layout, then show the focus of a new report, or keep the dates of
  // the current view through a resize.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg || plotRight <= plotLeft) return;
    const span = focus.end - focus.start;
    const all = unionDomain(focus, full);
    const kAll = span / (all.end - all.start);
    behaviour
      .extent([
        [plotLeft, 0],
        [plotRight, 1],
      ])
      .scaleExtent([Math.min(1, kAll) * 0.8, Math.max(1, span / MIN_VISIBLE)])
      .translateExtent([
        [base(all.start), -Infinity],
        [base(all.end), Infinity],
      ]);
    const sameReport = shownFocus.current?.start === focus.start && shownFocus.current?.end === focus.end;
    shownFocus.current = focus;
    const domain = sameReport && visible.current ? visible.current : focus;
    select(svg).call(behaviour.transform, transformFor(domain));
  }, [svgRef, behaviour, base, transformFor, focus, full, plotLeft, plotRight]);

  const apply = useCallback(
    (domain: TimeDomain) => {
      const svg = svgRef.current;
      if (svg) select(svg).call(behaviour.transform, transformFor(domain));
    },
    [svgRef, behaviour, transformFor],
  );

  const reveal = useCallback(
    (start: number, end: number) => {
      const svg = svgRef.current;
      if (!svg) return;
      const x = scale();
      const margin = 8;
      if (x(end) >= plotLeft + margin && x(start) <= plotRight - margin) return;
      const [from, to] = x.domain().map((d) => d.getTime());
      const width = (to ?? 0) - (from ?? 0);
      const target = end - start < width * 0.9 ? (start + end) / 2 : end - width * 0.2;
      select(svg).call(behaviour.translateTo, base(target), 0);
    },
    [svgRef, behaviour, base, scale, plotLeft, plotRight],
  );

  const steps = useZoomSteps(svgRef, behaviour, STEP);
  return useMemo(
    () => ({
      ...steps,
      showAll: () => apply(unionDomain(focus, full)),
      showFocus: () => apply(focus),
      reveal,
      scale,
    }),
    [steps, apply, focus, full, reveal, scale],
  );
}
