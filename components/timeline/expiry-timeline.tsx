"use client";
/**
 * The expiry timeline: one bar per certificate from notBefore to notAfter, grouped by trust domain
 * (each CA above what it issued, by component), on one zoomable UTC axis with the judge date, the CA
 * horizon, each bar's warning and rotation windows and each CA's end. Rows are laid out by pure
 * functions and drawn by React; d3-zoom and d3-axis only move what is on screen, so zooming never
 * re-renders React. Hovering, focusing or selecting a bar lights the same certificate in every view.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef } from "react";
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { useElementSize } from "@/components/shared/use-element-size";
import { testIds } from "@/components/test-ids";
import { AxisBand, placeAxisLabels } from "./axis-band";
import { placeByTime } from "./place-by-time";
import { focusDomain, fullDomain } from "./time-domain";
import { drawTimeAxis } from "./draw-time-axis";
import { TimelineDefs } from "./timeline-defs";
import { TimelineLegend } from "./timeline-legend";
import { layoutRows, timelineMetrics } from "./timeline-metrics";
import { BarRow, GroupRow } from "./timeline-row";
import type { TimelineBar, TimelineModel } from "./timeline-model";
import { SANS } from "./timeline-style";
import { summarizeTimeline } from "./timeline-summary";
import { TimelineToolbar } from "./timeline-toolbar";
import { useBarNavigation } from "./use-bar-navigation";
import { useRowWindow } from "./use-row-window";
import { useTimelineModel } from "./use-timeline-model";
import { useTimeZoom, type TimeScale } from "./use-time-zoom";

/** Drawings taller than this scroll inside the timeline instead of lengthening the page. */
const SCROLL_ABOVE = 1000;

export function ExpiryTimeline(props: ExplorerViewProps) {
  const model = useTimelineModel(props.report);
  if (!model)
    return (
      <p role="status" aria-busy="true" className="text-muted px-4 py-6 text-sm">
        Drawing the expiry timeline of {props.report.certificates.length} certificates…
      </p>
    );
  return <TimelineDrawing {...props} model={model} />;
}

function TimelineDrawing({
  selection,
  onSelect,
  highlight,
  onHover,
  model,
}: Omit<ExplorerViewProps, "report"> & { model: TimelineModel }) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const bandRef = useRef<SVGGElement>(null);
  const axisRef = useRef<SVGGElement>(null);
  const gridRef = useRef<SVGGElement>(null);
  const horizonRef = useRef<SVGGElement>(null);
  const nowRef = useRef<SVGGElement>(null);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids = useMemo(
    () => ({
      clip: `timeline-clip-${uid}`,
      warnHatch: `timeline-warn-${uid}`,
      errorHatch: `timeline-error-${uid}`,
    }),
    [uid],
  );
  const keysId = `timeline-keys-${uid}`;

  const size = useElementSize(scrollerRef);
  const measured = size.width > 0;
  const metrics = useMemo(() => timelineMetrics(size.width || 800), [size.width]);
  const layout = useMemo(() => layoutRows(model.rows, metrics), [model, metrics]);
  const focus = useMemo(() => focusDomain(model), [model]);
  const full = useMemo(() => fullDomain(model), [model]);
  const summary = useMemo(() => summarizeTimeline(model), [model]);
  const barRows = useMemo(
    () => model.rows.flatMap((row, index) => (row.kind === "bar" ? [index] : [])),
    [model],
  );
  const { plotLeft, plotRight, axisHeight } = metrics;
  // A cluster's worth of rows is drawn whole and the page scrolls; a long list scrolls inside a
  // capped box under an axis band that stays in view.
  const scrolls = axisHeight + layout.total > SCROLL_ABOVE;

  const redraw = useCallback(
    (x: TimeScale) => {
      const svg = svgRef.current;
      if (!svg) return;
      const plot = { left: plotLeft, right: plotRight };
      placeByTime(svg, (t) => x(t), plot);
      drawTimeAxis({ axis: axisRef.current, grid: gridRef.current }, x, metrics, layout.total);
      placeAxisLabels({ now: nowRef.current, horizon: horizonRef.current }, (t) => x(t), model, plot);
    },
    [plotLeft, plotRight, metrics, layout.total, model],
  );

  const zoom = useTimeZoom(svgRef, { plotLeft, plotRight, focus, full, onScale: redraw });
  const rowWindow = useRowWindow(scrollerRef, bandRef, layout, axisHeight);

  const selectedId = selection?.kind === "certificate" ? selection.id : undefined;
  const lit = useMemo(
    () =>
      new Set(
        model.bars
          .filter(
            (bar) => highlight.certificates.has(bar.id) || bar.paths.some((p) => highlight.files.has(p)),
          )
          .map((bar) => bar.id),
      ),
    [model, highlight],
  );
  const selectedIndex = model.bars.findIndex((bar) => bar.id === selectedId);
  const navigation = useBarNavigation({
    svgRef,
    bars: model.bars,
    barRows,
    selectedIndex,
    scrollToRow: rowWindow.scrollToRow,
    zoom,
    onSelect,
  });

  // A certificate selected in another view is brought into this one: scrolled to, and panned to in
  // time. Only when the selection changes, never when the person pans or resizes afterwards.
  const bringIntoView = useRef<(index: number) => void>(() => undefined);
  useLayoutEffect(() => {
    bringIntoView.current = (index: number) => {
      const bar = model.bars[index];
      const row = barRows[index];
      if (!bar || row === undefined) return;
      rowWindow.scrollToRow(row);
      zoom.reveal(bar.notBefore, bar.notAfter);
    };
  });
  useEffect(() => {
    if (selectedIndex >= 0) bringIntoView.current(selectedIndex);
  }, [selectedIndex, model]);

  // Every commit: put the freshly drawn rows on the current scale, then focus a bar the keyboard
  // moved to once it is drawn.
  useLayoutEffect(() => {
    redraw(zoom.scale());
    navigation.focusPending();
  });

  const preview = useCallback(
    (bar: TimelineBar | null) => onHover?.(bar ? { kind: "certificate", id: bar.id } : null),
    [onHover],
  );
  const activate = useCallback(
    (bar: TimelineBar) => onSelect({ kind: "certificate", id: bar.id }),
    [onSelect],
  );
  const [first, last] = rowWindow.range;
  const drawn = new Set<number>();
  for (let i = first; i < last; i++) drawn.add(i);
  const tabRow = barRows[navigation.tabStop];
  if (tabRow !== undefined) drawn.add(tabRow);
  let barIndex = 0;
  const rowBar = new Map<number, number>();
  model.rows.forEach((row, i) => {
    if (row.kind === "bar") rowBar.set(i, barIndex++);
  });

  const label = [`Expiry timeline: ${summary.scope}`, summary.problems, summary.next]
    .filter(Boolean)
    .join("; ");

  return (
    <div className="flex min-w-0 flex-col">
      <header className="border-line flex flex-wrap items-center gap-x-3 gap-y-1 border-b py-1.5 pr-1.5 pl-3">
        <h2 className="text-sm font-semibold whitespace-nowrap">Expiry timeline</h2>
        <p className="text-muted order-last min-w-0 basis-full truncate text-xs sm:order-none sm:flex-1 sm:basis-0">
          {summary.scope}
          {summary.problems && <span className="text-fg"> · {summary.problems}</span>}
          {summary.next && <span> · {summary.next}</span>}
        </p>
        <TimelineToolbar zoom={zoom} className="ml-auto shrink-0" />
      </header>
      <div
        ref={scrollerRef}
        data-testid={testIds.timelineScroll}
        className="relative overflow-y-auto"
        style={scrolls ? { maxHeight: "min(80vh, 720px)", scrollbarGutter: "stable" } : undefined}
      >
        {model.bars.length === 0 ? (
          <p className="text-muted px-3 py-6 text-center text-sm">No certificates in the input.</p>
        ) : (
          <svg
            ref={svgRef}
            xmlns="http://www.w3.org/2000/svg"
            width={metrics.width}
            height={axisHeight + layout.total}
            role="group"
            aria-label={label}
            aria-describedby={keysId}
            data-bars={model.bars.length}
            className="block cursor-grab touch-pan-y select-none active:cursor-grabbing"
            style={{ fontFamily: SANS, visibility: measured ? undefined : "hidden" }}
          >
            <TimelineDefs ids={ids} left={plotLeft} right={plotRight} />
            <g
              ref={gridRef}
              aria-hidden="true"
              clipPath={`url(#${ids.clip})`}
              style={{ stroke: "var(--color-line)", opacity: 0.8 }}
            />
            <g>
              {model.rows.map((row, i) => {
                if (!drawn.has(i)) return null;
                const top = axisHeight + (layout.tops[i] ?? 0);
                const height = layout.heights[i] ?? 0;
                if (row.kind === "group")
                  return (
                    <GroupRow
                      key={row.id}
                      id={row.id}
                      title={row.title}
                      count={row.count}
                      top={top}
                      height={height}
                      metrics={metrics}
                    />
                  );
                const index = rowBar.get(i) ?? 0;
                const isLit = lit.has(row.bar.id);
                return (
                  <BarRow
                    key={row.bar.id}
                    bar={row.bar}
                    index={index}
                    top={top}
                    height={height}
                    metrics={metrics}
                    now={model.now}
                    ids={ids}
                    selected={row.bar.id === selectedId}
                    lit={isLit}
                    dimmed={lit.size > 0 && !isLit}
                    tabbable={index === navigation.tabStop}
                    onActivate={activate}
                    onPreview={preview}
                    onFocusBar={navigation.onFocusBar}
                    onKey={navigation.onKey}
                  />
                );
              })}
            </g>
            <g aria-hidden="true" pointerEvents="none" clipPath={`url(#${ids.clip})`}>
              <rect
                data-span={`${model.now} ${model.horizonEnd}`}
                y={axisHeight}
                height={layout.total}
                style={{ fill: "var(--color-accent)", opacity: 0.06 }}
              />
              <line
                data-at={model.horizonEnd}
                y1={axisHeight}
                y2={axisHeight + layout.total}
                strokeDasharray="4 3"
                style={{ stroke: "var(--color-accent)", opacity: 0.55 }}
              />
              <line
                data-at={model.now}
                y1={axisHeight}
                y2={axisHeight + layout.total}
                strokeWidth={1.5}
                style={{ stroke: "var(--color-accent)" }}
              />
            </g>
            <AxisBand
              metrics={metrics}
              now={model.now}
              horizonDays={model.horizonDays}
              bandRef={bandRef}
              axisRef={axisRef}
              horizonRef={horizonRef}
              nowRef={nowRef}
            />
          </svg>
        )}
      </div>
      <p id={keysId} className="sr-only">
        Tab reaches the bars. Arrow keys move to the next or previous certificate, Enter or Space opens its
        details, Escape clears the selection, plus and minus zoom the time axis. Drag to pan; Ctrl and the
        mouse wheel, or a pinch, zoom.
      </p>
      <div className="border-line border-t px-3 py-2">
        <TimelineLegend horizonDays={model.horizonDays} />
      </div>
    </div>
  );
}
