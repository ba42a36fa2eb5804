"use client";
/**
 * The guided tour: one step per trust relationship (the twelve, then front-proxy, etcd healthcheck
 * and kubelet bootstrap), each about the loaded cluster's own files. Next and Back (or the arrow
 * keys), a progress bar, a link to the step's handshake, and Escape to leave. The step lives in the
 * address (`#tour/<id>`), so a reload or a link on a slide opens it again.
 */
import { useEffect, useMemo } from "react";
import type { Report } from "@/lib/report";
import { tourSteps } from "@/lib/teach/tour";
import { testIds } from "../test-ids";
import { ParagraphsView } from "./paragraph-view";
import { StateBadge } from "./state-badge";
import type { TeachRoute } from "./teach-route";

export interface TourPanelProps {
  report: Report;
  step: string;
  navigate: (route: TeachRoute | undefined) => void;
}

const NAV_BUTTON =
  "border-line bg-surface hover:bg-raised rounded-lg border px-3 py-1.5 text-sm font-medium disabled:opacity-40";

/** Whether a key press belongs to a field the person is typing in. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

export function TourPanel({ report, step, navigate }: TourPanelProps) {
  const steps = useMemo(() => tourSteps(report), [report]);
  const found = steps.findIndex((candidate) => candidate.relationship === step);
  const index = Math.max(0, found);
  const current = steps[index];
  const go = (to: number) => {
    const next = steps[to];
    if (next) navigate({ kind: "tour", step: next.relationship });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const to = steps.findIndex((candidate) => candidate.relationship === step);
      if (event.key === "ArrowRight" || event.key === "PageDown") {
        const next = steps[to + 1];
        if (next) navigate({ kind: "tour", step: next.relationship });
      } else if (event.key === "ArrowLeft" || event.key === "PageUp") {
        const previous = steps[to - 1];
        if (previous) navigate({ kind: "tour", step: previous.relationship });
      } else if (event.key === "Escape") navigate(undefined);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [steps, step, navigate]);

  if (!current) return null;
  const progress = `${index + 1} of ${steps.length}`;
  return (
    <div data-testid={testIds.tour} data-step={current.relationship} className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-2">
        <p className="text-muted text-xs font-semibold tracking-wider uppercase">Guided tour · {progress}</p>
        <button
          type="button"
          onClick={() => navigate(undefined)}
          className="text-muted hover:text-fg ml-auto text-xs font-medium"
        >
          Leave (Esc)
        </button>
      </div>
      <div
        role="progressbar"
        aria-label="Tour progress"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={index + 1}
        aria-valuetext={`Step ${progress}`}
        className="bg-raised h-1.5 overflow-hidden rounded-full"
      >
        <div
          className="bg-accent h-full rounded-full"
          style={{ width: `${((index + 1) / steps.length) * 100}%` }}
        />
      </div>
      <h2 className="text-lg leading-snug font-semibold" aria-live="polite">
        {current.title}
      </h2>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StateBadge state={current.status === "absent" ? "unknown" : current.status} />
        {current.status === "absent" ? (
          <span className="text-muted">not in these files</span>
        ) : (
          <code className="text-muted font-mono text-xs">{current.key ?? current.relationship}</code>
        )}
      </div>
      {current.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-1.5 text-sm">
          <h3 className="text-muted text-xs font-semibold tracking-wider uppercase">{section.heading}</h3>
          <ParagraphsView paragraphs={section.body} />
        </section>
      ))}
      <div className="border-line flex flex-wrap items-center gap-2 border-t pt-3">
        <button type="button" className={NAV_BUTTON} disabled={index === 0} onClick={() => go(index - 1)}>
          ← Back
        </button>
        <button
          type="button"
          className={NAV_BUTTON}
          disabled={index === steps.length - 1}
          onClick={() => go(index + 1)}
          data-testid={testIds.tourNext}
        >
          Next →
        </button>
        {current.key ? (
          <button
            type="button"
            className="text-accent ml-auto text-sm font-medium hover:underline"
            onClick={() => current.key && navigate({ kind: "handshake", key: current.key })}
          >
            Step through its handshake
          </button>
        ) : null}
      </div>
    </div>
  );
}
