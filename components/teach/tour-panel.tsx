"use client";
/**
 * The guided tour: one step per trust relationship (the twelve, then front-proxy, etcd healthcheck
 * and kubelet bootstrap), each about the loaded cluster's own files. Next and Back (or the arrow
 * keys), a progress bar, a link to the step's handshake, and Escape to leave. The step lives in the
 * address (`#tour/<id>`), so a reload or a link on a slide opens it again.
 */
import { useCallback, useMemo } from "react";
import type { Report } from "@/lib/report";
import { tourSteps } from "@/lib/teach/tour";
import { testIds } from "../test-ids";
import { PanelHeader, STEP_BUTTON, useStepKeys } from "./panel-chrome";
import { ParagraphsView } from "./paragraph-view";
import { StateBadge } from "./state-badge";
import type { TeachRoute } from "./teach-route";
import { InputText } from "@/components/shared/input-text";

export interface TourPanelProps {
  report: Report;
  step: string;
  navigate: (route: TeachRoute | undefined) => void;
}

export function TourPanel({ report, step, navigate }: TourPanelProps) {
  const steps = useMemo(() => tourSteps(report), [report]);
  const found = steps.findIndex((candidate) => candidate.relationship === step);
  const index = Math.max(0, found);
  const current = steps[index];

  const stepBy = useCallback(
    (by: number) => {
      const next = steps[steps.findIndex((candidate) => candidate.relationship === step) + by];
      if (next) navigate({ kind: "tour", step: next.relationship });
    },
    [steps, step, navigate],
  );
  useStepKeys({
    next: useCallback(() => stepBy(1), [stepBy]),
    back: useCallback(() => stepBy(-1), [stepBy]),
    leave: useCallback(() => navigate(undefined), [navigate]),
  });

  if (!current) return null;
  const progress = `${index + 1} of ${steps.length}`;
  return (
    <div data-testid={testIds.tour} data-step={current.relationship} className="flex flex-col gap-3 p-4">
      <PanelHeader label={`Guided tour · ${progress}`} onLeave={() => navigate(undefined)} />
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
        <InputText text={current.title} dir="ltr" />
      </h2>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StateBadge state={current.status === "absent" ? "unknown" : current.status} />
        {current.status === "absent" ? (
          <span className="text-muted">not in these files</span>
        ) : (
          <code className="text-muted font-mono text-xs">
            <InputText text={current.key ?? current.relationship} dir="ltr" />
          </code>
        )}
      </div>
      {current.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-1.5 text-sm">
          <h3 className="text-muted text-xs font-semibold tracking-wider uppercase">
            <InputText text={section.heading} dir="ltr" />
          </h3>
          <ParagraphsView paragraphs={section.body} />
        </section>
      ))}
      <div className="border-line flex flex-wrap items-center gap-2 border-t pt-3">
        <button type="button" className={STEP_BUTTON} disabled={index === 0} onClick={() => stepBy(-1)}>
          ← Back
        </button>
        <button
          type="button"
          className={STEP_BUTTON}
          disabled={index === steps.length - 1}
          onClick={() => stepBy(1)}
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
